/** Reads response headers by name (the Fetch `Headers` class satisfies it). */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * The delay a server asked for before the next attempt, in milliseconds:
 * `retry-after-ms` (OpenAI's, fractional milliseconds) first, then
 * `retry-after` as seconds or as an HTTP date. Undefined when absent or
 * unreadable; never negative.
 */
export function parseRetryAfter(headers: HeaderReader | undefined, now: () => number = Date.now): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && milliseconds.trim() !== '') {
    const value = Number(milliseconds);
    if (Number.isFinite(value)) return Math.max(0, value);
  }
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter === undefined || retryAfter === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Number(retryAfter) * 1000;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}
