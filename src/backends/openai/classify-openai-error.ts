import { BackendError } from '../../spec/errors.js';
import { HttpStatusError } from '../../util/http/http-status-error.js';
import { TransportError } from '../../util/http/json-transport.js';
import { statusFailure } from '../../util/http/status-failure.js';

/** What the classifier needs to know besides the error itself. */
export interface ClassifyContext {
  backendId: string;
  baseUrl: string;
  /** Environment variable the API key comes from (named in auth hints). */
  keyEnv: string;
  /** Whether that variable was set when the backend was created. */
  keyPresent: boolean;
  /** Values that must never appear in messages (the API key). */
  secrets: readonly string[];
  /** Our own per-attempt timer fired: which one, after how long (false: none did). */
  timedOut: false | { phase: 'first-byte' | 'total'; ms: number };
  /** The caller's signal aborted the call. */
  aborted: boolean;
  now?: () => number;
}

/**
 * Turns anything a chat-completions call throws (`HttpStatusError`,
 * `TransportError`, an abort, a `SyntaxError` from the body) into a `BackendError` whose
 * `failure` decides retrying:
 *
 * - HTTP statuses as `statusFailure` maps them (429 → `rate-limited` with
 *   the server's Retry-After, 5xx/409 → `server-error` (503 with its
 *   Retry-After), 408 → `timeout`,
 *   401/403 → `auth`, other 4xx → `bad-request`), each with its hint; our
 *   own timers → `timeout`; resets/refused connections → `connection`.
 * - A 2xx body that is not valid JSON → `server-error`: a proxy or an
 *   overloaded server cut the body, and the same request usually succeeds.
 *
 * Server messages are scrubbed of the key: OpenAI echoes part of a wrong key
 * back in its 401 message. Errors that are none of these are returned as they
 * are (they are bugs, not backend failures).
 */
export function classifyOpenAiError(error: unknown, context: ClassifyContext): unknown {
  const { backendId } = context;
  if (error instanceof BackendError) return error;
  const clean = (text: string) => redactSecrets(text, context.secrets);
  if (context.timedOut) {
    const { phase, ms } = context.timedOut;
    return phase === 'first-byte'
      ? new BackendError(backendId, 'timeout', `no answer started within ${ms} ms (first-byte timeout)`, {
          hint: 'the server accepted the request but sent nothing; raise it with #first-byte-ms=<ms> in the backend spec if the server is only slow',
          cause: error,
        })
      : new BackendError(backendId, 'timeout', `no complete reply within ${ms} ms (per-attempt timeout)`, {
          hint: 'the server may be overloaded or the reply long; raise the timeout with #timeout-ms=<ms> in the backend spec',
          cause: error,
        });
  }
  if (context.aborted || (error instanceof Error && error.name === 'AbortError')) {
    return new BackendError(backendId, 'aborted', 'the call was cancelled', { cause: error });
  }
  if (error instanceof TransportError) {
    const code = error.code;
    return new BackendError(backendId, 'connection', `connection failed${code === undefined ? '' : ` (${code})`}`, {
      hint: `is the server running and reachable at ${context.baseUrl}?`,
      cause: error,
    });
  }
  if (error instanceof HttpStatusError) {
    const status = error.status;
    const message = clean(error.message);
    const { failure, retryAfterMs } = statusFailure(status, error.headers, context.now);
    switch (failure) {
      case 'rate-limited': {
        return new BackendError(backendId, failure, message, {
          status,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
          hint: 'lower the concurrency, or wait for the rate limit or quota to reset',
          cause: error,
        });
      }
      case 'auth': {
        const keyState = context.keyPresent ? `the key in ${context.keyEnv} was refused` : `${context.keyEnv} is not set`;
        return new BackendError(backendId, failure, message, {
          status,
          hint: `${keyState}: set ${context.keyEnv} to a valid API key for ${context.baseUrl}, or name another variable with #key-env=VAR in the backend spec`,
        });
      }
      case 'timeout':
        return new BackendError(backendId, failure, message, { status, hint: 'the server gave up waiting for the request; the call is retried', cause: error });
      case 'server-error':
        return new BackendError(backendId, failure, message, { status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }), hint: 'the server failed; the call is retried', cause: error });
      default: {
        const hint =
          status === 404
            ? `check the model name and that the base URL ${context.baseUrl} is the API root (it usually ends in /v1)`
            : 'the server refused the request; check the model name and decoding settings';
        return new BackendError(backendId, failure, message, { status, hint });
      }
    }
  }
  if (error instanceof SyntaxError) {
    return new BackendError(backendId, 'server-error', `the server sent a reply that is not valid JSON (${clean(error.message)})`, {
      hint: 'a proxy or an overloaded server cut the reply; the call is retried',
      cause: error,
    });
  }
  return error;
}

/** Replaces secrets and anything shaped like an API key with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4) result = result.split(secret).join('***');
  }
  return result.replace(/\b(sk|rk|pk)-[A-Za-z0-9_*.-]{4,}/g, '***');
}
