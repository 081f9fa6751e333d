/**
 * The shared `ChatBackend` suite: every backend (OpenAI-compatible HTTP,
 * in-process llama, scripted, a third party's) runs these cases —
 * identity, a completion with its usage, cancellation, error classes and
 * recovery through the retry middleware.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { retryMiddleware } from '../backends/middleware/retry-middleware.js';
import { wrapBackend } from '../backends/middleware/wrap-backend.js';
import type { ChatBackend, ChatRequest } from '../spec/chat.js';
import { BackendError } from '../spec/errors.js';

/** A backend under test, and how to make its next call fail where the implementation can. */
export interface ChatBackendHarness {
  backend: ChatBackend;
  /**
   * Makes the next call fail as a server would: `server-error` (a 5xx, or
   * the script's equivalent) or `bad-request` (a 400). Absent for backends
   * whose failures cannot be provoked (an in-process model): the error and
   * retry cases are then skipped.
   */
  failNext?(failure: 'server-error' | 'bad-request'): void;
  /** Releases what the harness started (the backend itself is closed by the suite). */
  close?(): Promise<void>;
}

const REQUEST: ChatRequest = {
  messages: [
    { role: 'system', content: 'Answer with one letter.' },
    { role: 'user', content: 'Which letter comes first in the alphabet? A, B, C or D.' },
  ],
  decoding: { temperature: 0, maxTokens: 8, seed: 1 },
};

function isBackendError(failure: string, check: (error: BackendError) => boolean = () => true) {
  return (error: unknown): boolean => error instanceof BackendError && error.failure === failure && check(error);
}

/** Runs the shared cases against one backend; `open` is called once, before them. */
export function runChatBackendSuite(name: string, open: () => Promise<ChatBackendHarness>): void {
  describe(`ChatBackend suite: ${name}`, () => {
    let harness: ChatBackendHarness;
    before(async () => {
      harness = await open();
    });
    after(async () => {
      await harness.backend.close?.();
      await harness.close?.();
    });

    it('identifies itself: interface version, provider, model and an id without secrets', () => {
      const { backend } = harness;
      assert.equal(backend.specificationVersion, 'v1');
      for (const field of [backend.provider, backend.modelId, backend.id]) assert.ok(typeof field === 'string' && field.length > 0);
      assert.doesNotMatch(backend.id, /key=|token=|:\/\/[^/@]*:[^/@]*@/i);
    });

    it('completes a request: text, usage, finish reason, one attempt, no cache hit', async () => {
      const response = await harness.backend.complete(REQUEST);
      assert.equal(typeof response.text, 'string');
      assert.ok(response.usage.promptTokens > 0, 'the prompt is counted');
      assert.ok(Number.isInteger(response.usage.completionTokens) && response.usage.completionTokens >= 0);
      assert.ok(response.usage.cachedPromptTokens >= 0 && response.usage.cachedPromptTokens <= response.usage.promptTokens);
      assert.ok(['stop', 'length', 'other'].includes(response.finishReason));
      assert.equal(response.attempts, 1);
      assert.equal(response.cacheHit, false);
      assert.ok(response.latencyMs >= 0);
    });

    it('a call whose signal is already aborted rejects as aborted, without an answer', async () => {
      const controller = new AbortController();
      controller.abort();
      await assert.rejects(harness.backend.complete({ ...REQUEST, signal: controller.signal }), isBackendError('aborted', (error) => !error.retryable));
    });

    it('a server error is a retryable BackendError naming the backend', async (context) => {
      if (harness.failNext === undefined) return context.skip('this backend cannot be made to fail');
      harness.failNext('server-error');
      await assert.rejects(harness.backend.complete(REQUEST), isBackendError('server-error', (error) => error.retryable && error.backendId === harness.backend.id));
    });

    it('a bad request is not retryable', async (context) => {
      if (harness.failNext === undefined) return context.skip('this backend cannot be made to fail');
      harness.failNext('bad-request');
      await assert.rejects(harness.backend.complete(REQUEST), isBackendError('bad-request', (error) => !error.retryable));
    });

    it('behind the retry middleware, a server error is retried and the response counts both attempts', async (context) => {
      if (harness.failNext === undefined) return context.skip('this backend cannot be made to fail');
      const retrying = wrapBackend(harness.backend, retryMiddleware({ sleep: async () => undefined, random: () => 0 }));
      harness.failNext('server-error');
      const response = await retrying.complete(REQUEST);
      assert.equal(response.attempts, 2);
      assert.equal(typeof response.text, 'string');
    });
  });
}
