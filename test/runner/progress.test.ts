import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { etaMs, formatDuration, plainProgress, progressLine, type ProgressSnapshot } from '../../src/runner/progress.js';

const snapshot = (patch: Partial<ProgressSnapshot>): ProgressSnapshot => ({ total: 100, finished: 40, failed: 2, finishedHere: 20, tokens: 12345, costUsd: 0.5, elapsedMs: 10_000, ...patch });

describe('progress', () => {
  it('estimates time left from this process pace (resumed units do not count)', () => {
    // 20 units in 10 s here → 0.5 s per unit; 60 left → 30 s
    assert.equal(etaMs(snapshot({})), 30_000);
    assert.equal(etaMs(snapshot({ finishedHere: 0 })), null);
  });

  it('formats a plain line with units, failures, ETA, tokens and cost', () => {
    assert.equal(progressLine(snapshot({})), 'units 40/100 (failed 2) · ETA 30s · tokens 12345 · cost $0.5000');
    assert.equal(progressLine(snapshot({ costUsd: null })), 'units 40/100 (failed 2) · ETA 30s · tokens 12345 · cost n/a');
    assert.equal(formatDuration(3_723_000), '1h02m');
    assert.equal(formatDuration(125_000), '2m05s');
  });

  it('without a TTY, prints at most one line per interval and always a last one', () => {
    const lines: string[] = [];
    let now = 0;
    const progress = plainProgress((line) => lines.push(line), 5000, () => now);
    progress.update(snapshot({ finished: 1 }));
    now = 1000;
    progress.update(snapshot({ finished: 2 }));
    now = 6000;
    progress.update(snapshot({ finished: 3 }));
    progress.stop(snapshot({ finished: 4 }));
    assert.deepEqual(lines.map((line) => line.split(' ')[1]), ['1/100', '3/100', '4/100']);
  });
});
