import type { TraceStore } from '../spec/store.js';
import { QueueError } from './queue-error.js';
import { runQuestionSource, type QuestionSource } from '../runner/question-source.js';
import { UNIT_JOB_NAME, type UnitJob } from './unit-job.js';
import type { UnitQueue } from './unit-queue.js';

/** Options of `enqueueRun`. */
export interface EnqueueRunOptions {
  queue: UnitQueue;
  store: TraceStore;
  runId: string;
  /** Where workers load the questions (default: the run's recorded loader, path and limit). */
  source?: QuestionSource;
}

/** What `enqueueRun` did. */
export interface EnqueueOutcome {
  /** Pending units of the run: each is now queued (or was already). */
  pending: number;
  /** Failed jobs of pending units replaced by fresh ones. */
  requeuedFailed: number;
}

/** Jobs per Redis round trip. */
const BULK = 500;

/**
 * Queues every pending unit of a stored run, one job per unit with the
 * unit id as job id: a unit already waiting or running is not queued twice,
 * so enqueueing again is harmless (and is how an interrupted planner
 * resumes). Jobs of pending units that failed for good (a changed data
 * file, a store outage that outlasted the retries) are replaced, so
 * enqueueing again after a fix retries them.
 */
export async function enqueueRun(options: EnqueueRunOptions): Promise<EnqueueOutcome> {
  const { queue, store, runId } = options;
  const run = await store.getRun(runId);
  if (run === undefined) throw new QueueError(`no run ${runId} in the store`, 'plan the run in the same store the workers use');
  const source = options.source ?? runQuestionSource(run.config);
  const pending = await store.listUnits(runId, { status: 'pending' });
  const pendingIds = new Set(pending.map((unit) => unit.id));
  let requeuedFailed = 0;
  try {
    for (const job of await queue.getFailed()) {
      if (job?.id !== undefined && pendingIds.has(job.id)) {
        await job.remove();
        requeuedFailed += 1;
      }
    }
    for (let offset = 0; offset < pending.length; offset += BULK) {
      await queue.addBulk(
        pending.slice(offset, offset + BULK).map((unit) => {
          const data: UnitJob = { v: 1, runId, unitId: unit.id, questionId: unit.questionId, protocol: unit.protocol, seed: unit.seed, source };
          return { name: UNIT_JOB_NAME, data, opts: { jobId: unit.id } };
        }),
      );
    }
  } catch (error) {
    if (error instanceof QueueError) throw error;
    throw new QueueError(`cannot queue the units of run ${runId}: ${error instanceof Error ? error.message : String(error)}`, 'check that Redis is reachable at the --queue URL; enqueueing again is safe', error);
  }
  return { pending: pending.length, requeuedFailed };
}
