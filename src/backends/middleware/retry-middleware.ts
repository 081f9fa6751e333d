import { abortableSleep } from '../../util/abortable-sleep.js';
import type { AttemptRecord, BackendMiddleware } from '../../spec/chat.js';
import { BackendError } from '../../spec/errors.js';
import { decorateBackend } from './decorate-backend.js';

/** One retry about to happen (for progress display and logs). */
export interface RetryEvent {
  backendId: string;
  /** The attempt that failed (1-based). */
  attempt: number;
  /** How long the middleware waits before the next attempt. */
  delayMs: number;
  error: BackendError;
}

/** Options of the retry middleware. */
export interface RetryOptions {
  /** Calls to the inner backend, the first one included. Default 5. */
  maxAttempts?: number;
  /**
   * Calls that may time out before the call fails, the first one included.
   * Default 2: a timeout costs a whole per-attempt timeout, so a hung server
   * costs two of them per call, not `maxAttempts` of them.
   */
  maxTimeouts?: number;
  /** Backoff before the second attempt; doubles each time. Default 500 ms. */
  baseDelayMs?: number;
  /** Upper bound of the exponential backoff. Default 30 s. */
  maxDelayMs?: number;
  /**
   * A server asking to wait longer than this (a daily quota, say) fails the
   * call at once instead of stalling the run. Default 5 min.
   */
  maxRetryAfterMs?: number;
  /** Waits; injected so tests do not. Must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Uniform [0, 1) for jitter; injected for deterministic tests. */
  random?: () => number;
  onRetry?: (event: RetryEvent) => void;
  /** Monotonic clock in milliseconds, for the attempt log of backends that keep none; default `performance.now`. */
  now?: () => number;
}

/**
 * Retries calls that failed with a retryable `BackendError` (429, 5xx,
 * timeouts, connection resets) with exponential backoff and jitter, waiting
 * at least as long as the server's Retry-After. Other errors pass through at
 * once. The response's `attempts` counts every call made, the failed ones
 * included, and after a retry its `attemptLog` lists them all with their
 * reasons (the inner backend's own log where it keeps one — an HTTP call's
 * repairs, say — else one record per call). An error that ends the retrying
 * carries the same log.
 */
export function retryMiddleware(options: RetryOptions = {}): BackendMiddleware {
  const maxAttempts = options.maxAttempts ?? 5;
  const maxTimeouts = options.maxTimeouts ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 300_000;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => performance.now());

  return (inner) =>
    decorateBackend(inner, async (request) => {
      // The attempts of the calls that failed so far, oldest first.
      const failed: AttemptRecord[] = [];
      let timeouts = 0;
      for (let attempt = 1; ; attempt++) {
        const started = now();
        const elapsed = () => Math.max(0, Math.round(now() - started));
        try {
          const response = await inner.complete(request);
          if (failed.length === 0) return response;
          const own = response.attemptLog ?? [{ status: null, reason: 'ok', ms: elapsed() }];
          return { ...response, attempts: failed.length + response.attempts, attemptLog: [...failed, ...own] };
        } catch (error) {
          if (!(error instanceof BackendError)) throw error;
          failed.push(...(error.attemptLog ?? [{ status: error.status ?? null, reason: error.failure, ms: elapsed(), detail: detailOf(error) }]));
          if (!error.retryable) throw withLog(error, failed);
          if (attempt >= maxAttempts) throw withLog(gaveUp(error, `gave up after ${plural(failed.length, 'attempt')}`), failed);
          if (error.failure === 'timeout' && ++timeouts >= maxTimeouts) throw withLog(gaveUp(error, `gave up after ${plural(timeouts, 'timeout')}`), failed);
          if (error.retryAfterMs !== undefined && error.retryAfterMs > maxRetryAfterMs) {
            throw withLog(gaveUp(error, `the server asked to wait ${Math.round(error.retryAfterMs / 1000)} s, more than the ${Math.round(maxRetryAfterMs / 1000)} s allowed`), failed);
          }
          // "Equal jitter": half the backoff is fixed, half random, so retries of
          // calls that failed together spread out but never fire at once.
          const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
          const delayMs = Math.max(error.retryAfterMs ?? 0, backoff / 2 + random() * (backoff / 2));
          options.onRetry?.({ backendId: inner.id, attempt, delayMs, error });
          try {
            await sleep(delayMs, request.signal);
          } catch (sleepError) {
            if (request.signal?.aborted) throw new BackendError(inner.id, 'aborted', 'the call was cancelled while waiting to retry', { cause: sleepError });
            throw sleepError;
          }
        }
      }
    });
}

function withLog(error: BackendError, log: readonly AttemptRecord[]): BackendError {
  error.attemptLog = [...log];
  return error;
}

function detailOf(error: BackendError): string {
  const prefix = `${error.backendId}: `;
  return (error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message).slice(0, 200);
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The last error again, saying why retrying stopped (the id prefix is not repeated). */
function gaveUp(error: BackendError, reason: string): BackendError {
  const prefix = `${error.backendId}: `;
  const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  return new BackendError(error.backendId, error.failure, `${message} (${reason})`, {
    ...(error.status === undefined ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    // Retrying is over: a hint that promises another try would mislead.
    ...(error.hint === undefined ? {} : { hint: error.hint.replace(/;\s*the call is retried/, '') }),
    cause: error,
  });
}
