/**
 * The shared ChatBackend suite (quorum/testing) on quorum's three backends:
 * the scripted test backend, the OpenAI-compatible HTTP backend against a
 * local server, and the in-process llama backend on the generated test GGUF
 * (whose failures cannot be provoked: its error cases are skipped).
 */
import { createLlamaBackend } from '../../src/backends/llama/llama-backend.js';
import { createBackend } from '../../src/backends/create-backend.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { BackendError } from '../../src/spec/errors.js';
import { runChatBackendSuite } from '../../src/testing/chat-backend-suite.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { testModelPath } from '../helpers/test-model.js';

runChatBackendSuite('scripted', async () => {
  const backend = new ScriptedBackend({ model: 'suite', fallback: 'Answer: A' });
  return {
    backend,
    failNext: (failure) => backend.push(new BackendError(backend.id, failure, `scripted ${failure}`, { status: failure === 'server-error' ? 503 : 400 })),
  };
});

runChatBackendSuite('openai (local HTTP server)', async () => {
  const server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Answer: A' } });
  const backend = await createBackend(`openai:suite-model@${server.url}`);
  return {
    backend,
    failNext: (failure) => server.enqueue({ kind: 'status', status: failure === 'server-error' ? 503 : 400, message: failure }),
    close: () => server.close(),
  };
});

runChatBackendSuite('llama (generated test GGUF)', async () => {
  const backend = await createLlamaBackend({ kind: 'llama', source: { type: 'file', path: await testModelPath() } }, { threads: 1, quiet: true });
  return { backend };
});
