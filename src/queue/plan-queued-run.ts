import type { RunOutcome } from '../runner/execute-run.js';
import { startRun, type StartRunOptions } from '../runner/start-run.js';
import type { QuestionSource } from '../runner/question-source.js';
import { enqueueRun, type EnqueueOutcome } from './enqueue-run.js';
import type { UnitQueue } from './unit-queue.js';

/** What a queued run's planning did. */
export interface QueuedRunOutcome extends RunOutcome {
  queued: EnqueueOutcome;
}

/** Options of `planQueuedRun`. */
export interface PlanQueuedRunOptions {
  queue: UnitQueue;
  /** Where workers load this run's questions (default: what the run's configuration records, see `runQuestionSource`). */
  source?: QuestionSource;
  /** Plans the run; injectable for tests (default `startRun`). */
  startRun?: (options: StartRunOptions) => Promise<RunOutcome>;
}

/**
 * `startRun` for queue mode: resolves and stores the run exactly as a local
 * run would (the same configuration, fingerprint and resume rules, so a
 * study may switch between local and queue mode and keep its runs), plans
 * its units, and queues the pending ones for workers instead of running
 * them. Planning uses `startRun` with an already-aborted signal, which by
 * its contract plans the units and starts none.
 *
 * The outcome is never `interrupted`: the run is in the workers' hands,
 * and a study goes on to plan its next cell.
 */
export async function planQueuedRun(options: StartRunOptions, queued: PlanQueuedRunOptions): Promise<QueuedRunOutcome> {
  const plan = queued.startRun ?? startRun;
  const planned = await plan({ ...options, signal: AbortSignal.abort() });
  const outcome = await enqueueRun({ queue: queued.queue, store: options.store, runId: planned.runId, ...(queued.source === undefined ? {} : { source: queued.source }) });
  // Planning left the run `interrupted` (nothing ran); it is running now, on the workers.
  if (outcome.pending > 0) await options.store.setRunStatus(planned.runId, 'running');
  return { runId: planned.runId, resumed: planned.resumed, existing: planned.existing, retried: planned.retried, executed: 0, interrupted: false, queued: outcome };
}
