import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BackendError } from '../../src/spec/errors.js';
import { decideRetry, DEFAULT_RETRY_POLICY, gaveUp, type RetryPolicy } from '../../src/util/http/retry-policy.js';
import { statusFailure } from '../../src/util/http/status-failure.js';

const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name.toLowerCase()] ?? null });

describe('statusFailure (one status table for chat backends and audit model servers)', () => {
  it('maps statuses to failures; 408 is a timeout', () => {
    // RFC 9110: 408 means the server timed out waiting for the request; 409 a conflict; 429 (RFC 6585) too many requests
    const expected: Array<[number, string, boolean]> = [
      [400, 'bad-request', false],
      [401, 'auth', false],
      [403, 'auth', false],
      [404, 'bad-request', false],
      [408, 'timeout', true],
      [409, 'server-error', true],
      [413, 'bad-request', false],
      [429, 'rate-limited', true],
      [500, 'server-error', true],
      [502, 'server-error', true],
      [503, 'server-error', true],
    ];
    for (const [status, failure, retryable] of expected) {
      const mapped = statusFailure(status);
      assert.equal(mapped.failure, failure, `HTTP ${status}`);
      assert.equal(new BackendError('b', mapped.failure, 'm').retryable, retryable, `HTTP ${status} retryable`);
    }
  });

  it('reads Retry-After in both forms on 429 and 503 only', () => {
    const now = () => Date.parse('Sat, 05 Dec 2026 12:00:00 GMT');
    assert.equal(statusFailure(429, headers({ 'retry-after': '7' })).retryAfterMs, 7000);
    assert.equal(statusFailure(503, headers({ 'retry-after': 'Sat, 05 Dec 2026 12:00:30 GMT' }), now).retryAfterMs, 30_000);
    assert.equal(statusFailure(500, headers({ 'retry-after': '7' })).retryAfterMs, undefined);
  });
});

describe('decideRetry', () => {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, random: () => 0 };
  const state = (attempt: number, timeouts = 0) => ({ attempt, timeouts, attemptsMade: attempt });

  it('waits b/2 … b with b = 500 ms · 2^(n−1), capped at 30 s, and at least Retry-After', () => {
    const busy = new BackendError('b', 'server-error', '503');
    // random() = 0: the wait is b/2 = 250, 500, 1000 ms for attempts 1, 2, 3
    assert.deepEqual([1, 2, 3].map((attempt) => decideRetry(busy, state(attempt), policy)), [250, 500, 1000].map((delayMs) => ({ retry: true, delayMs })));
    // attempt 9: b = min(30 000, 500 · 256) = 30 000; with random() = 0.999, 15 000 + 0.999 · 15 000 = 29 985
    assert.deepEqual(decideRetry(busy, state(9), { ...policy, maxAttempts: 10, random: () => 0.999 }), { retry: true, delayMs: 29_985 });
    assert.deepEqual(decideRetry(new BackendError('b', 'rate-limited', '429', { retryAfterMs: 4000 }), state(1), policy), { retry: true, delayMs: 4000 });
  });

  it('stops on failures that are not retryable, after the attempts, after two timeouts, or for a long Retry-After', () => {
    assert.deepEqual(decideRetry(new BackendError('b', 'bad-request', '400'), state(1), policy), { retry: false });
    assert.deepEqual(decideRetry(new BackendError('b', 'server-error', '500'), state(5), policy), { retry: false, gaveUp: 'gave up after 5 attempts' });
    assert.equal(decideRetry(new BackendError('b', 'timeout', '408'), state(1, 1), policy).retry, true);
    assert.deepEqual(decideRetry(new BackendError('b', 'timeout', '408'), state(2, 2), policy), { retry: false, gaveUp: 'gave up after 2 timeouts' });
    assert.deepEqual(decideRetry(new BackendError('b', 'rate-limited', '429', { retryAfterMs: 3_600_000 }), state(1), policy), { retry: false, gaveUp: 'the server asked to wait 3600 s, more than the 300 s allowed' });
  });

  it('the error that ends retrying says why and no longer promises a retry', () => {
    const error = gaveUp(new BackendError('b', 'server-error', 'HTTP 500', { status: 500, hint: 'the server failed; the call is retried' }), 'gave up after 4 attempts');
    assert.equal(error.message, 'b: HTTP 500 (gave up after 4 attempts)');
    assert.equal(error.status, 500);
    assert.equal(error.hint, 'the server failed');
  });
});
