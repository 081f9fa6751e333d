import { BackendError } from '../../spec/errors.js';

/** How failed calls are retried: one policy for chat backends and audit model servers. */
export interface RetryPolicy {
  /** Calls in all, the first one included. */
  maxAttempts: number;
  /**
   * Calls that may time out before the call fails, the first one included:
   * a timeout costs a whole per-attempt timeout, so a hung server costs this
   * many of them per call, not `maxAttempts` of them.
   */
  maxTimeouts: number;
  /** Backoff before the second attempt; doubles each time. */
  baseDelayMs: number;
  /** Upper bound of the exponential backoff. */
  maxDelayMs: number;
  /** A server asking to wait longer than this (a daily quota, say) fails the call at once instead of stalling the run. */
  maxRetryAfterMs: number;
  /** Uniform [0, 1) for jitter; injected for deterministic tests. */
  random: () => number;
}

/** The defaults: 5 attempts, 2 timeouts, 500 ms doubling up to 30 s, Retry-After up to 5 min. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 5,
  maxTimeouts: 2,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 300_000,
  random: Math.random,
});

/** What to do after a failed attempt: wait and call again, or stop (with why, when it was retryable). */
export type RetryDecision = { retry: true; delayMs: number } | { retry: false; gaveUp?: string };

/** Where a call stands when an attempt failed. */
export interface RetryState {
  /** The attempt that failed, 1-based. */
  attempt: number;
  /** Attempts that timed out so far, this one included. */
  timeouts: number;
  /** Attempts made so far, for the message (an inner backend may have made several per call). */
  attemptsMade: number;
}

/**
 * Whether and when to retry after `error`. Only failures whose `retryable`
 * is true are retried (429, 5xx, timeouts, dropped connections, an empty
 * reply). The wait before attempt n + 1 is b = min(maxDelayMs, baseDelayMs ·
 * 2^(n−1)) with "equal jitter" (uniform in [b/2, b)), and at least the
 * server's Retry-After. Stops after `maxAttempts` attempts, `maxTimeouts`
 * timeouts, or when the server asks to wait longer than `maxRetryAfterMs`.
 */
export function decideRetry(error: BackendError, state: RetryState, policy: RetryPolicy): RetryDecision {
  if (!error.retryable) return { retry: false };
  if (state.attempt >= policy.maxAttempts) return { retry: false, gaveUp: `gave up after ${plural(state.attemptsMade, 'attempt')}` };
  if (error.failure === 'timeout' && state.timeouts >= policy.maxTimeouts) return { retry: false, gaveUp: `gave up after ${plural(state.timeouts, 'timeout')}` };
  if (error.retryAfterMs !== undefined && error.retryAfterMs > policy.maxRetryAfterMs) {
    return { retry: false, gaveUp: `the server asked to wait ${Math.round(error.retryAfterMs / 1000)} s, more than the ${Math.round(policy.maxRetryAfterMs / 1000)} s allowed` };
  }
  // Half the backoff is fixed, half random, so retries of calls that failed
  // together spread out but never fire at once.
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (state.attempt - 1));
  return { retry: true, delayMs: Math.max(error.retryAfterMs ?? 0, backoff / 2 + policy.random() * (backoff / 2)) };
}

/**
 * The last error again, saying why retrying stopped (`decideRetry`'s
 * `gaveUp`); failure, status and Retry-After are kept, and a hint that
 * promised another try no longer does.
 */
export function gaveUp(error: BackendError, reason: string): BackendError {
  const prefix = `${error.backendId}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return new BackendError(error.backendId, error.failure, `${message} (${reason})`, {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...(error.hint === undefined ? {} : { hint: error.hint.replace(/;\s*the call is retried/, '') }),
    cause: error,
  });
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
