import { useEffect, useState } from 'react';
import type { IndexProgress, IndexProgressPage } from '../../server/api-types.js';
import { getJson } from '../lib/api-client.js';
import { integer } from '../lib/format.js';
import { Loading } from './loading.js';

/** How long the run may take before progress is shown; shorter waits show the plain loading line. */
const SHOW_AFTER_MS = 300;
/** How often progress is read while shown. */
const POLL_MS = 250;

/**
 * What the run page shows while something that needs the run's unit index
 * loads (its metrics): "Loading the metrics…", and once that takes longer
 * than a moment (a large run the server has not indexed yet), how many of
 * the run's units the server has read.
 */
export function RunIndexProgress({ runId, what }: { runId: string; what: string }) {
  const [progress, setProgress] = useState<IndexProgress | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const read = () => getJson<IndexProgressPage>(`/api/runs/${encodeURIComponent(runId)}/index-progress`).then((page) => setProgress(page.building), () => undefined);
    const start = setTimeout(() => {
      void read();
      timer = setInterval(read, POLL_MS);
    }, SHOW_AFTER_MS);
    return () => {
      clearTimeout(start);
      clearInterval(timer);
    };
  }, [runId]);
  if (progress === null || progress.total === 0) return <Loading what={what} />;
  return (
    <p className="loading" aria-busy="true" data-testid="run-index-progress">
      Loading {what}: read {integer(progress.indexed)} of the run’s {integer(progress.total)} units…{' '}
      <progress max={progress.total} value={progress.indexed} aria-label="units read" />
    </p>
  );
}
