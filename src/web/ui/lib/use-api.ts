import { useEffect, useState } from 'react';
import { getJson } from './api-client.js';

/** The state of one request. */
export type ApiState<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ok'; data: T };

/** Fetches `path` (null: nothing yet) and refetches when it changes; stale answers are dropped. */
export function useApi<T>(path: string | null): ApiState<T> {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getJson<T>(path, controller.signal).then(
      (data) => setState({ status: 'ok', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => controller.abort();
  }, [path]);
  return state;
}
