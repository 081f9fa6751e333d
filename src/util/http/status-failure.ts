import type { BackendFailure } from '../../spec/errors.js';
import { parseRetryAfter, type HeaderReader } from './retry-after.js';

/** What an HTTP error status means for the call. */
export interface StatusFailure {
  failure: BackendFailure;
  /** The wait the server asked for, on the statuses where Retry-After applies (429, 503). */
  retryAfterMs?: number;
}

/**
 * The failure an HTTP error status stands for, the same for chat backends
 * and audit model servers: 429 → `rate-limited`; 408 → `timeout` (the
 * server gave up waiting, as our own timer would); 5xx and 409 (a conflict
 * the server resolves on its own) → `server-error`; 401 and 403 → `auth`;
 * any other status → `bad-request`. On 429 and 503 (the statuses RFC 6585
 * and RFC 9110 §10.2.3 give Retry-After to) the server's wait is read, in
 * seconds or as an HTTP date (`parseRetryAfter`). Whether a failure is
 * retried is `BackendError.retryable`, and how is `decideRetry`.
 */
export function statusFailure(status: number, headers?: HeaderReader, now?: () => number): StatusFailure {
  const failure = failureOfStatus(status);
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(headers, now) : undefined;
  return retryAfterMs === undefined ? { failure } : { failure, retryAfterMs };
}

function failureOfStatus(status: number): BackendFailure {
  if (status === 429) return 'rate-limited';
  if (status === 408) return 'timeout';
  if (status >= 500 || status === 409) return 'server-error';
  if (status === 401 || status === 403) return 'auth';
  return 'bad-request';
}
