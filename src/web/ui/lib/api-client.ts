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

/** GETs a JSON API path; non-2xx answers become `ApiFailure`s. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
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
