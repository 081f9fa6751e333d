/**
 * `quorum/testing`: the shared suites every implementation of a quorum
 * interface must pass (node:test), shipped so that third parties can check
 * their own store, audit provider or chat backend, and the fixtures they use.
 */
export { runStoreSuite } from './trace-store-suite.js';
export { runEmbeddingSuite, cosine, type EmbeddingSuiteOptions } from './embedding-suite.js';
export { runNliSuite, type NliSuiteOptions } from './nli-suite.js';
export * from './trace-fixtures.js';
export * from './audit-fixtures.js';
export { runChatBackendSuite, type ChatBackendHarness } from './chat-backend-suite.js';
