import type { HeaderReader } from './retry-after.js';

/** A non-2xx answer of an OpenAI-compatible server, with the server's own message. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly headers: HeaderReader,
    message: string,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }

  /**
   * Reads the error body the way OpenAI-compatible servers write it
   * (`{"error": {"message": …}}`, `{"error": "…"}`, `{"message": …}` or
   * plain text): the message is `<status> <server's message>`.
   */
  static from(status: number, headers: HeaderReader, text: string): HttpStatusError {
    return new HttpStatusError(status, headers, `${status} ${serverMessage(text)}`);
  }
}

function serverMessage(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'status code (no body)';
  try {
    const body = JSON.parse(trimmed) as { error?: unknown; message?: unknown; detail?: unknown };
    const error = body.error;
    if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
    if (typeof error === 'string') return error;
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
    return trimmed.slice(0, 500);
  } catch {
    return trimmed.slice(0, 500);
  }
}
