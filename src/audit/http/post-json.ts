import { parseRetryAfter } from '../../backends/openai/retry-after.js';
import { BackendError, type BackendFailure } from '../../spec/errors.js';

/** Where and how to POST. */
export interface PostJsonSettings {
  /** Provider id, for error messages (never holds a key). */
  id: string;
  url: string;
  /** Extra headers (Authorization); never logged. */
  headers: Record<string, string>;
  timeoutMs: number;
  /** Attempts in all, the first included. */
  attempts: number;
  fetch: typeof fetch;
  sleep: (milliseconds: number) => Promise<void>;
}

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;

/**
 * POSTs a JSON body and returns the parsed JSON answer. 429, 5xx, timeouts
 * and dropped connections are retried with exponential backoff (or the
 * server's Retry-After); other failures throw at once. Errors are
 * `BackendError`s naming the provider, the URL and the status.
 */
export async function postJson(settings: PostJsonSettings, body: unknown): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(settings, body);
    } catch (error) {
      if (!(error instanceof BackendError) || !error.retryable || attempt >= settings.attempts) throw error;
      const backoff = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
      await settings.sleep(Math.min(MAX_BACKOFF_MS, error.retryAfterMs ?? backoff));
    }
  }
}

async function postOnce(settings: PostJsonSettings, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await settings.fetch(settings.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...settings.headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new BackendError(
      settings.id,
      timedOut ? 'timeout' : 'connection',
      timedOut ? `POST ${settings.url}: no answer within ${settings.timeoutMs} ms` : `POST ${settings.url}: ${describeNetworkError(error)}`,
      { hint: timedOut ? 'raise #timeout-ms= or lower #batch-size=' : 'check that the server is running and the base URL is right', cause: error },
    );
  }
  const text = await response.text();
  if (!response.ok) {
    const failure = failureOf(response.status);
    throw new BackendError(settings.id, failure, `POST ${settings.url}: HTTP ${response.status} ${shorten(text)}`, {
      status: response.status,
      retryAfterMs: parseRetryAfter(response.headers),
      hint: hintFor(response.status),
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new BackendError(settings.id, 'malformed-output', `POST ${settings.url}: the answer is not JSON: ${shorten(text)}`, { cause: error });
  }
}

function failureOf(status: number): BackendFailure {
  if (status === 429) return 'rate-limited';
  if (status === 401 || status === 403) return 'auth';
  if (status >= 500) return 'server-error';
  return 'bad-request';
}

function hintFor(status: number): string | undefined {
  if (status === 401 || status === 403) return 'put the API key in an environment variable and name it with #key-env=VAR';
  if (status === 404) return 'check the base URL: embeddings are POSTed to <base>/embeddings (OpenAI-compatible, base usually ends in /v1), NLI to <base>/predict (TEI); #path= overrides';
  if (status === 413) return 'lower #batch-size= (TEI limits the client batch size, 32 by default)';
  if (status === 429) return 'the server is rate limiting; lower the batch size or wait';
  return undefined;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}

function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return cause !== undefined && typeof cause.code === 'string' ? `${error.message}: ${cause.code}` : error.message;
}
