import { BackendError } from '../../spec/errors.js';
import { HttpStatusError } from '../../util/http/http-status-error.js';
import type { JsonTransport } from '../../util/http/json-transport.js';
import { decideRetry, gaveUp, type RetryPolicy } from '../../util/http/retry-policy.js';
import { statusFailure } from '../../util/http/status-failure.js';

/** Where and how to POST. */
export interface PostJsonSettings {
  /** Provider id, for error messages (never holds a key). */
  id: string;
  url: string;
  /** Extra headers (Authorization); never logged. */
  headers: Record<string, string>;
  timeoutMs: number;
  /** How failed requests are retried (the chat backends' policy, with the audit's attempt count). */
  retry: RetryPolicy;
  /** The HTTP client: the chat backends' node:http transport, or one over a given `fetch`. */
  transport: JsonTransport;
  sleep: (milliseconds: number) => Promise<void>;
}

/**
 * POSTs a JSON body and returns the parsed JSON answer, with the chat
 * backends' transport, status mapping (`statusFailure`) and retry policy
 * (`decideRetry`): 429, 408, 5xx, timeouts and dropped connections are
 * retried with backoff (at least the server's Retry-After); other failures
 * throw at once. Errors are `BackendError`s naming the provider, the URL and
 * the status.
 */
export async function postJson(settings: PostJsonSettings, body: unknown): Promise<unknown> {
  let timeouts = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(settings, body);
    } catch (error) {
      if (!(error instanceof BackendError)) throw error;
      if (error.failure === 'timeout') timeouts++;
      const decision = decideRetry(error, { attempt, timeouts, attemptsMade: attempt }, settings.retry);
      if (!decision.retry) throw decision.gaveUp === undefined ? error : gaveUp(error, decision.gaveUp);
      await settings.sleep(decision.delayMs);
    }
  }
}

async function postOnce(settings: PostJsonSettings, body: unknown): Promise<unknown> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  let response;
  try {
    response = await settings.transport({
      url: new URL(settings.url),
      headers: { 'content-type': 'application/json', accept: 'application/json', ...settings.headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    const timedOut = signal.aborted;
    throw new BackendError(
      settings.id,
      timedOut ? 'timeout' : 'connection',
      timedOut ? `POST ${settings.url}: no answer within ${settings.timeoutMs} ms` : `POST ${settings.url}: ${error instanceof Error ? error.message : String(error)}`,
      { hint: timedOut ? 'raise #timeout-ms= or lower #batch-size=' : 'check that the server is running and the base URL is right', cause: error },
    );
  }
  if (response.status < 200 || response.status >= 300) {
    const { failure, retryAfterMs } = statusFailure(response.status, response.headers);
    const hint = hintFor(response.status);
    throw new BackendError(settings.id, failure, `POST ${settings.url}: HTTP ${shorten(HttpStatusError.from(response.status, response.headers, response.text).message)}`, {
      status: response.status,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(hint === undefined ? {} : { hint }),
    });
  }
  try {
    return JSON.parse(response.text) as unknown;
  } catch (error) {
    throw new BackendError(settings.id, 'malformed-output', `POST ${settings.url}: the answer is not JSON: ${shorten(response.text)}`, { cause: error });
  }
}

function hintFor(status: number): string | undefined {
  if (status === 401 || status === 403) return 'put the API key in an environment variable and name it with #key-env=VAR';
  if (status === 404) return 'check the base URL: embeddings are POSTed to <base>/embeddings (OpenAI-compatible, base usually ends in /v1), NLI to <base>/predict (TEI); #path= overrides';
  if (status === 408) return 'the server gave up waiting; raise its timeout or lower #batch-size=';
  if (status === 413) return 'lower #batch-size= (TEI limits the client batch size, 32 by default)';
  if (status === 429) return 'the server is rate limiting; lower the batch size or wait';
  return undefined;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
