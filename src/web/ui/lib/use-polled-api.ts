import { useEffect, useState } from 'react';
import { getJson } from './api-client.js';
import type { ApiState } from './use-api.js';

/**
 * Like `useApi`, and while `everyMs` is a number the path is fetched again
 * at that interval, replacing the data in place (no loading state between
 * polls). A failed poll keeps the last data; the next poll tries again.
 */
export function usePolledApi<T>(path: string, everyMs: number | null): ApiState<T> {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  useEffect(() => {
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
  useEffect(() => {
    if (everyMs === null) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      getJson<T>(path, controller.signal).then(
        (data) => setState({ status: 'ok', data }),
        () => undefined,
      );
    }, everyMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [path, everyMs]);
  return state;
}
