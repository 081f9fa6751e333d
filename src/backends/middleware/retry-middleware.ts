import { abortableSleep } from '../../util/abortable-sleep.js';
import type { AttemptRecord, BackendMiddleware } from '../../spec/chat.js';
import { BackendError } from '../../spec/errors.js';
import { decorateBackend } from './decorate-backend.js';
import { decideRetry, DEFAULT_RETRY_POLICY, gaveUp, type RetryPolicy } from '../../util/http/retry-policy.js';

/** One retry about to happen (for progress display and logs). */
export interface RetryEvent {
  backendId: string;
  /** The attempt that failed (1-based). */
  attempt: number;
  /** How long the middleware waits before the next attempt. */
  delayMs: number;
  error: BackendError;
}

/** Options of the retry middleware: the retry policy (defaults in `DEFAULT_RETRY_POLICY`) and what the waiting needs. */
export interface RetryOptions extends Partial<RetryPolicy> {
  /** Waits; injected so tests do not. Must reject when `signal` aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onRetry?: (event: RetryEvent) => void;
  /** Monotonic clock in milliseconds, for the attempt log of backends that keep none; default `performance.now`. */
  now?: () => number;
}

/**
 * Retries calls that failed with a retryable `BackendError` (429, 5xx,
 * timeouts, connection resets) as `decideRetry` says: exponential backoff
 * with jitter, at least the server's Retry-After. Other errors pass through
 * at once. The response's `attempts` counts every call made, the failed ones
 * included, and after a retry its `attemptLog` lists them all with their
 * reasons (the inner backend's own log where it keeps one — an HTTP call's
 * repairs, say — else one record per call). An error that ends the retrying
 * carries the same log.
 */
export function retryMiddleware(options: RetryOptions = {}): BackendMiddleware {
  const { sleep = abortableSleep, onRetry, now: givenNow, ...overrides } = options;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...overrides };
  const now = givenNow ?? (() => performance.now());

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
          if (error.failure === 'timeout') timeouts++;
          const decision = decideRetry(error, { attempt, timeouts, attemptsMade: failed.length }, policy);
          if (!decision.retry) throw withLog(decision.gaveUp === undefined ? error : gaveUp(error, decision.gaveUp), failed);
          const { delayMs } = decision;
          onRetry?.({ backendId: inner.id, attempt, delayMs, error });
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
