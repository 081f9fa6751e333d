import type { RunStatus } from '../spec/store.js';

/**
 * A run's status as `quorum runs` and `quorum show` print it: a finished
 * run with failed units says how many (`done, 2 failed`), so "done" never
 * reads as "every unit answered". Running the same command again runs those
 * units once more.
 */
export function runStatusText(status: RunStatus, failed: number): string {
  return failed > 0 ? `${status}, ${failed} failed` : status;
}
