import { SingleBar } from 'cli-progress';
import { etaMs, formatCost, formatDuration, type ProgressReporter, type ProgressSnapshot } from './progress.js';

// A file of its own so that cli-progress (16 files) is loaded only by a run that draws a bar: `--json`, pipes and logs print plain lines.
/** A progress bar on a TTY (stderr). */
export function ttyProgress(): ProgressReporter {
  const bar = new SingleBar({ format: 'units {bar} {value}/{total} · failed {failed} · ETA {etaText} · tokens {tokens} · cost {cost}', hideCursor: true, stream: process.stderr });
  let started = false;
  const payload = (snapshot: ProgressSnapshot) => ({ failed: snapshot.failed, etaText: formatDuration(etaMs(snapshot)), tokens: snapshot.tokens, cost: formatCost(snapshot.costUsd) });
  return {
    update(snapshot) {
      if (!started) {
        bar.start(snapshot.total, snapshot.finished, payload(snapshot));
        started = true;
      }
      bar.update(snapshot.finished, payload(snapshot));
    },
    stop(snapshot) {
      if (started) {
        bar.update(snapshot.finished, payload(snapshot));
        bar.stop();
      }
    },
  };
}
