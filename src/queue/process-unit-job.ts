import { scorerFor } from '../metrics/scorers/scorer-for.js';
import { executeUnit } from '../runner/execute-unit.js';
import { ConfigError, QuorumError, StoreError } from '../spec/errors.js';
import type { TraceStore } from '../spec/store.js';
import type { Clock } from '../util/clock.js';
import { DatasetChangedError } from '../runner/dataset-changed-error.js';
import type { RunContexts } from './run-contexts.js';
import { unitJobSchema, type UnitJobOutcome } from './unit-job.js';

/** What the job processor works with. */
export interface UnitJobContext {
  store: TraceStore;
  contexts: RunContexts;
  clock: Clock;
}

/**
 * A failure that retrying cannot fix (a malformed job, a changed data
 * file, a protocol this worker cannot rebuild). The worker fails the job at
 * once instead of spending its attempts; the unit stays pending in the
 * store, so enqueueing the run again (after the fix) picks it up.
 */
export class PermanentJobError extends QuorumError {
  constructor(code: string, message: string, hint?: string, cause?: unknown) {
    super(code, message, { hint, cause });
  }
}

/**
 * Executes one queued unit and stores it exactly once. A unit the store
 * already holds as finished is skipped (a re-queued job whose first worker
 * died after storing it); a unit finished by another worker meanwhile is
 * caught by `completeUnit`, which stores only the first completion. A
 * failure inside the unit is stored as a failed unit, as in local runs;
 * only failures around it (store unreachable, even in the middle of the
 * unit; data changed) fail the job.
 */
export async function processUnitJob(data: unknown, context: UnitJobContext): Promise<UnitJobOutcome> {
  const parsed = unitJobSchema.safeParse(data);
  if (!parsed.success) {
    throw new PermanentJobError('QUEUE', `a queued job is not a quorum unit job: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'the queue holds jobs of another program or quorum version: use another ?queue= name');
  }
  const job = parsed.data;
  const unit = await context.store.getUnit(job.unitId);
  if (unit === undefined) {
    throw new PermanentJobError('QUEUE', `unit ${job.unitId} of run ${job.runId} is not in the store this worker uses`, 'start workers with the same --store as the command that enqueued the run');
  }
  if (unit.status !== 'pending') return { stored: false, status: 'already-finished' };
  let run;
  try {
    run = await context.contexts.get(job.runId, job.source);
  } catch (error) {
    if (error instanceof DatasetChangedError || error instanceof ConfigError) throw new PermanentJobError(error.code, error.message, error.hint, error);
    throw error;
  }
  const question = run.questions.get(unit.questionId);
  if (question === undefined) throw new PermanentJobError('QUEUE', `run ${job.runId} has no question "${unit.questionId}"`, 'the run and its queued units disagree: enqueue the run again');
  const result = await executeUnit({
    protocol: run.protocol,
    question,
    scorer: scorerFor(question, run.config.dataset.name),
    agents: run.agents,
    ...(run.judge === undefined ? {} : { judge: run.judge }),
    seed: unit.seed,
    clock: context.clock,
  });
  // A unit cut short by its store (the completion cache unreadable while
  // the database restarts) did not fail: stored as failed, a store outage
  // would read as a model failure. The job fails instead and is retried.
  const storeFailure = result.events.find((event) => event.type === 'error' && event.code === 'STORE');
  if (storeFailure !== undefined && storeFailure.type === 'error') throw new StoreError(storeFailure.message, storeFailure.hint);
  const stored = await context.store.completeUnit(unit.id, result);
  // The worker that stores a run's last unit marks it done (one indexed row read per unit, not a count).
  if (stored && (await context.store.listUnits(job.runId, { status: 'pending', limit: 1 })).length === 0) await context.store.setRunStatus(job.runId, 'done');
  return { stored, status: stored ? result.status : 'already-finished' };
}

/** True when an error should fail the job at once rather than be retried. */
export function isPermanent(error: unknown): boolean {
  return error instanceof PermanentJobError || error instanceof DatasetChangedError;
}
