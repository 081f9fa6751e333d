import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryMiddleware, type RetryEvent, type RetryOptions } from '../../src/backends/middleware/retry-middleware.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { ScriptedBackend, type ScriptedReply } from '../../src/backends/scripted-backend.js';
import type { ChatRequest } from '../../src/spec/chat.js';
import { BackendError, type BackendFailure } from '../../src/spec/errors.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'hi' }], decoding: {} };
const fail = (failure: BackendFailure, retryAfterMs?: number) =>
  new BackendError('scripted', failure, `${failure} happened`, { hint: 'a hint', ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });

function setup(replies: ScriptedReply[], options: RetryOptions = {}) {
  const delays: number[] = [];
  const events: RetryEvent[] = [];
  const scripted = new ScriptedBackend({ replies });
  const backend = wrapBackend(
    scripted,
    retryMiddleware({ sleep: async (ms) => void delays.push(ms), random: () => 0, onRetry: (event) => events.push(event), ...options }),
  );
  return { scripted, backend, delays, events };
}

describe('retryMiddleware', () => {
  it('retries retryable failures and counts every attempt', async () => {
    const { scripted, backend, events } = setup([fail('server-error'), fail('timeout'), fail('connection'), 'done']);
    const response = await backend.complete(request);
    assert.equal(response.text, 'done');
    assert.equal(response.attempts, 4);
    assert.equal(scripted.calls.length, 4);
    assert.deepEqual(events.map((event) => [event.attempt, event.error.failure]), [[1, 'server-error'], [2, 'timeout'], [3, 'connection']]);
  });

  it('adds its failed attempts to the attempts the inner backend reports', async () => {
    const inner = new ScriptedBackend({ replies: [fail('server-error'), 'ok'] });
    const reportsTwo = { ...inner, id: inner.id, complete: async (r: ChatRequest) => ({ ...(await inner.complete(r)), attempts: 2 }) };
    const response = await wrapBackend(reportsTwo, retryMiddleware({ sleep: async () => {} })).complete(request);
    assert.equal(response.attempts, 3);
  });

  it('backs off exponentially with jitter, capped', async () => {
    const replies = Array.from({ length: 6 }, () => fail('server-error'));
    const low = setup([...replies, 'ok'], { maxAttempts: 7, baseDelayMs: 100, maxDelayMs: 1000, random: () => 0 });
    await low.backend.complete(request);
    assert.deepEqual(low.delays, [50, 100, 200, 400, 500, 500]);
    const high = setup([...replies, 'ok'], { maxAttempts: 7, baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999999 });
    await high.backend.complete(request);
    high.delays.forEach((delay, index) => assert.ok(Math.abs(delay - [100, 200, 400, 800, 1000, 1000][index]!) < 0.01, `${delay}`));
  });

  it('waits at least as long as Retry-After', async () => {
    const { backend, delays } = setup([fail('rate-limited', 12_000), fail('rate-limited', 10), 'ok']);
    await backend.complete(request);
    assert.equal(delays[0], 12_000);
    assert.equal(delays[1], 500, 'the backoff when it is longer');
  });

  it('gives up after maxAttempts with the last failure, saying so', async () => {
    const { scripted, backend } = setup([fail('server-error'), fail('server-error'), fail('rate-limited', 5)], { maxAttempts: 3 });
    await assert.rejects(backend.complete(request), (error: unknown) => {
      assert.ok(error instanceof BackendError);
      assert.equal(error.failure, 'rate-limited');
      assert.equal(error.message, 'scripted: rate-limited happened (gave up after 3 attempts)');
      assert.equal(error.hint, 'a hint');
      assert.equal(error.retryAfterMs, 5);
      return true;
    });
    assert.equal(scripted.calls.length, 3);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs', async () => {
    const { scripted, backend, delays } = setup([fail('rate-limited', 3_600_000), 'ok']);
    await assert.rejects(backend.complete(request), /asked to wait 3600 s/);
    assert.equal(scripted.calls.length, 1);
    assert.equal(delays.length, 0);
  });

  it('passes non-retryable failures and other errors through at once', async () => {
    for (const error of [fail('bad-request'), fail('auth'), fail('malformed-output'), fail('cache-miss'), new TypeError('bug')]) {
      const { scripted, backend } = setup([error, 'never']);
      await assert.rejects(backend.complete(request), (thrown) => thrown === error);
      assert.equal(scripted.calls.length, 1);
    }
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const backend = wrapBackend(new ScriptedBackend({ replies: [fail('server-error'), 'ok'] }), retryMiddleware({ baseDelayMs: 60_000 }));
    const pending = backend.complete({ ...request, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(pending, (error: unknown) => error instanceof BackendError && error.failure === 'aborted');
  });
});
