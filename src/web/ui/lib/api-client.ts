import type { ApiErrorBody } from '../../server/api-types.js';

/** A failed API call, with the server's message and hint. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly hint: string | undefined,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** How long a prefetched answer nobody asked for is kept after it arrives. */
const PREFETCH_KEEP_MS = 5_000;
const prefetched = new Map<string, Promise<unknown>>();

/**
 * Starts a GET that a component will make once it mounts, so the request
 * runs alongside those the component waits for (the run page asks for its
 * table's first rows while its header loads). The next `getJson` of the
 * same path takes the answer, once; unclaimed answers are dropped soon.
 */
export function prefetchJson(path: string): void {
  if (prefetched.has(path)) return;
  const request = fetchJson(path);
  // A failure reaches whoever claims it; unclaimed, it must not be an unhandled rejection.
  request.catch(() => undefined);
  prefetched.set(path, request);
  const forget = () => setTimeout(() => prefetched.get(path) === request && prefetched.delete(path), PREFETCH_KEEP_MS);
  request.then(forget, forget);
}

/** GETs a JSON API path (or takes its prefetched answer); non-2xx answers become `ApiFailure`s. */
export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const early = prefetched.get(path);
  if (early === undefined) return fetchJson<T>(path, signal);
  prefetched.delete(path);
  return early as Promise<T>;
}

async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, ...(signal === undefined ? {} : { signal }) });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new ApiFailure(response.status, body?.error.message ?? `${response.status} ${response.statusText}`, body?.error.hint);
  }
  return (await response.json()) as T;
}

/** Builds `/api/...?...` from a path and parameters (undefined and empty values are left out). */
export function apiPath(path: string, params: Record<string, string | number | boolean | undefined | null> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  return search.size === 0 ? path : `${path}?${search}`;
}
