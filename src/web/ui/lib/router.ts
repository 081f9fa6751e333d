import { useSyncExternalStore } from 'react';

/**
 * A history-API router small enough to read in one go: the server answers
 * every page path with index.html, and the app picks the page from
 * `location.pathname`.
 */
const NAVIGATE_EVENT = 'quorum:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

/** The current path and query, re-rendering on navigation. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const current = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(current, window.location.origin);
  return { path: url.pathname, search: url.searchParams };
}

/** Goes to an in-app URL; `replace` rewrites the current entry (filter changes). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace === true) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  if (options.replace !== true) window.scrollTo(0, 0);
}

/** A route's parameters when `path` matches `pattern` (`/runs/:runId`), else null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = have[index]!;
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/** In-app paths, built in one place. */
export const paths = {
  runs: () => '/',
  run: (runId: string, search?: URLSearchParams) => `/runs/${encodeURIComponent(runId)}${search !== undefined && search.size > 0 ? `?${search}` : ''}`,
  unit: (runId: string, unitId: string) => `/runs/${encodeURIComponent(runId)}/units/${encodeURIComponent(unitId)}`,
  study: (studyId: string) => `/studies/${encodeURIComponent(studyId)}`,
};
