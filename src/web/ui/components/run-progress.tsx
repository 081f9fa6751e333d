import { useRef } from 'react';
import type { UnitCounts } from '../../../spec/store.js';
import { duration, integer } from '../lib/format.js';

/**
 * Progress of a run still going: units finished of those planned, a bar,
 * and an ETA from the pace seen since the page opened (finished units per
 * second between the first and the latest poll), so a resumed run is not
 * timed from its creation.
 */
export function RunProgress({ units }: { units: UnitCounts }) {
  const finished = units.done + units.failed;
  const first = useRef<{ at: number; finished: number } | null>(null);
  const now = Date.now();
  if (first.current === null) first.current = { at: now, finished };
  const elapsed = now - first.current.at;
  const gained = finished - first.current.finished;
  const remaining = units.total - finished;
  const eta = gained > 0 && elapsed > 0 ? (remaining * elapsed) / gained : null;
  return (
    <div className="run-progress" role="status" aria-live="polite" data-testid="run-progress">
      <progress max={Math.max(1, units.total)} value={finished} aria-label="units finished" />
      <span>
        running: {integer(finished)} / {integer(units.total)} units finished ({integer(units.failed)} failed) ·{' '}
        {eta === null ? 'ETA: measuring the pace…' : `ETA ${duration(eta)}`} · updates every 2 s
      </span>
    </div>
  );
}
