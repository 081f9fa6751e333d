/** A snapshot of a run's progress. */
export interface ProgressSnapshot {
  total: number;
  /** Units finished (done or failed), including those finished before a resume. */
  finished: number;
  failed: number;
  /** Units finished in this process (used for the ETA). */
  finishedHere: number;
  tokens: number;
  costUsd: number | null;
  elapsedMs: number;
}

/** Receives progress while a run executes. */
export interface ProgressReporter {
  update(snapshot: ProgressSnapshot): void;
  stop(snapshot: ProgressSnapshot): void;
}

/** Estimated milliseconds left, from this process's pace; null before the first unit. */
export function etaMs(snapshot: ProgressSnapshot): number | null {
  if (snapshot.finishedHere === 0) return null;
  return (snapshot.elapsedMs / snapshot.finishedHere) * (snapshot.total - snapshot.finished);
}

/** Human text of a duration. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '?';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

/** A cost in dollars to four places, or `n/a` when no price is known. */
export function formatCost(cost: number | null): string {
  return cost === null ? 'n/a' : `$${cost.toFixed(4)}`;
}

/** One line describing a snapshot. */
export function progressLine(snapshot: ProgressSnapshot): string {
  return `units ${snapshot.finished}/${snapshot.total} (failed ${snapshot.failed}) · ETA ${formatDuration(etaMs(snapshot))} · tokens ${snapshot.tokens} · cost ${formatCost(snapshot.costUsd)}`;
}

/** Plain lines at most every `intervalMs` (for logs and pipes). */
export function plainProgress(write: (line: string) => void, intervalMs = 5000, now: () => number = Date.now): ProgressReporter {
  let last = -Infinity;
  return {
    update(snapshot) {
      if (now() - last < intervalMs) return;
      last = now();
      write(progressLine(snapshot));
    },
    stop(snapshot) {
      write(progressLine(snapshot));
    },
  };
}

/** Reports nothing. */
export const silentProgress: ProgressReporter = { update: () => undefined, stop: () => undefined };
