import pLimit from 'p-limit';
import { ConfigError } from '../spec/errors.js';
import type { Agent, Protocol } from '../spec/protocol.js';
import type { Question } from '../spec/question.js';
import type { RunConfig } from '../spec/run-config.js';
import type { RunRecord, TraceStore, UnitRecord, UnitResult } from '../spec/store.js';
import type { DeadBackend, DeadBackendWatch } from '../backends/middleware/dead-backend-watch.js';
import { type Clock, isoNow, systemClock } from '../util/clock.js';
import { scorerFor } from '../metrics/scorers/scorer-for.js';
import { afterPendingWork } from './after-pending-work.js';
import { executeUnit } from './execute-unit.js';
import { type ProgressReporter, type ProgressSnapshot, silentProgress } from './progress.js';
import { runFingerprint } from './run-fingerprint.js';
import { sameCodeVersion } from './version-mix.js';

/** Everything a run needs. */
export interface RunPlan {
  store: TraceStore;
  config: RunConfig;
  protocol: Protocol;
  agents: readonly Agent[];
  judge?: Agent;
  questions: readonly Question[];
  /** Resume this run instead of looking for a matching unfinished one. */
  resumeRunId?: string;
  /** Never resume: always start a new run. */
  fresh?: boolean;
  /**
   * Continue a run whose stored `codeVersion` differs from `config.codeVersion`
   * (recorded in the run's `versionMix`); without it such a resume is a `VersionMixError`.
   */
  allowVersionMix?: boolean;
  /**
   * Run the failed units of the run that is continued again, once each
   * (default true; false keeps them failed). Each failed attempt moves to the
   * unit's failure history and the unit is planned anew, so it is stored
   * exactly once. With `reuseFinished`, a finished run with the same
   * configuration and failed units is continued for this.
   */
  retryFailed?: boolean;
  /**
   * Report a finished run with the same configuration instead of starting a
   * new one (`quorum run` repeated as it was). Off for studies, whose cells
   * each keep their own run.
   */
  reuseFinished?: boolean;
  newRunId: () => string;
  clock?: Clock;
  progress?: ProgressReporter;
  /** Stops scheduling new units; finished units stay stored. */
  signal?: AbortSignal;
  /**
   * Watches the run's backends: once one is dead, no new unit starts, the
   * in-flight ones end, those that failed at the connection level are left
   * pending, and the run is interrupted (`RunOutcome.deadBackend`).
   */
  deadBackends?: DeadBackendWatch;
}

/** The outcome of `executeRun`. */
export interface RunOutcome {
  runId: string;
  /** True when an unfinished run was continued (or a finished one, to retry its failed units). */
  resumed: boolean;
  /**
   * True when a finished run with the same configuration already existed and
   * is reported instead of running the experiment again (`reuseFinished`).
   */
  existing: boolean;
  /** Failed units made pending again by `retryFailed` (each runs once in this call). */
  retried: number;
  /** Units run by this call. */
  executed: number;
  interrupted: boolean;
  /** The backend that went down and stopped the run, when one did. */
  deadBackend?: DeadBackend;
}

/**
 * Plans the units of a run (question × protocol × seed), runs the pending
 * ones through a concurrency pool and stores each as soon as it finishes.
 * A killed run continues where it stopped: finished units are never redone
 * and never stored twice (the store completes a unit only once).
 */
export async function executeRun(plan: RunPlan): Promise<RunOutcome> {
  const clock = plan.clock ?? systemClock;
  const progress = plan.progress ?? silentProgress;
  const { store, config } = plan;
  const run = await openOrResume(plan, clock);
  if (run.existing) return { runId: run.record.id, resumed: false, existing: true, retried: 0, executed: 0, interrupted: false };
  const retried = run.resumed && plan.retryFailed !== false ? await store.retryFailedUnits(run.record.id) : 0;
  const keys = plan.questions.flatMap((question) => config.seeds.map((seed) => ({ questionId: question.id, protocol: plan.protocol.name, seed })));
  await store.addUnits(run.record.id, keys);
  const questions = new Map(plan.questions.map((question) => [question.id, question]));
  const pending = await store.listUnits(run.record.id, { status: 'pending' });
  const counts = await store.countUnits(run.record.id);

  const started = clock.now();
  const snapshot: ProgressSnapshot = { total: counts.total, finished: counts.done + counts.failed, failed: counts.failed, finishedHere: 0, tokens: 0, costUsd: null, elapsedMs: 0 };
  progress.update(snapshot);
  // A unit holds one of `concurrency` slots while it runs, and one of twice as many until it is stored: its slot
  // goes to the next unit before its commit, so that unit's first requests are written first (see `storeOne`).
  const running = pLimit(config.concurrency);
  const unstored = pLimit(2 * config.concurrency);
  let executed = 0;

  /** Runs one unit; its result, or undefined when it is to stay pending. */
  const runOne = async (unit: UnitRecord): Promise<UnitResult | undefined> => {
    if (plan.signal?.aborted || plan.deadBackends?.dead !== undefined) return undefined;
    const question = questions.get(unit.questionId);
    if (question === undefined) {
      throw new ConfigError(`run ${run.record.id} has a unit for question "${unit.questionId}", which the dataset no longer contains`, 'resume with the same dataset file');
    }
    const result = await executeUnit({
      protocol: plan.protocol,
      question,
      scorer: scorerFor(question, config.dataset.name),
      agents: plan.agents,
      ...(plan.judge === undefined ? {} : { judge: plan.judge }),
      seed: unit.seed,
      clock,
      ...(plan.signal === undefined ? {} : { signal: plan.signal }),
    });
    if (plan.signal?.aborted && result.status === 'failed') return undefined; // cut short by the interruption: leave it pending
    // Failed because its backend went down: left pending, so resuming once the server is back redoes it.
    if (plan.deadBackends?.dead !== undefined && result.status === 'failed' && failedToConnect(result)) return undefined;
    // Its calls are spent once it has finished, stored or not yet: reported now, before the unit taking its slot
    // starts (see `storeOne`), so that a budget this unit reaches stops the run first (a study's budget aborts
    // `plan.signal` from `progress.update`, and a unit that starts after that sends nothing).
    snapshot.tokens += result.summary.usage.promptTokens + result.summary.usage.completionTokens;
    if (result.summary.costUsd !== null) snapshot.costUsd = (snapshot.costUsd ?? 0) + result.summary.costUsd;
    snapshot.elapsedMs = clock.now() - started;
    progress.update(snapshot);
    return result;
  };

  /** Stores a finished unit; only then does it count as finished. */
  const storeOne = async (unit: UnitRecord, result: UnitResult): Promise<void> => {
    // The commit blocks the thread (about a millisecond a unit). Units that finish together (one burst of replies)
    // would otherwise all commit before the units taking their slots send anything; once the promise work queued
    // now has run, those requests are on their sockets. A crash meanwhile loses this unit as it would one still running.
    await afterPendingWork();
    const stored = await store.completeUnit(unit.id, result);
    if (!stored) return;
    executed += 1;
    snapshot.finished += 1;
    snapshot.finishedHere += 1;
    if (result.status === 'failed') snapshot.failed += 1;
    snapshot.elapsedMs = clock.now() - started;
    progress.update(snapshot);
  };

  try {
    await Promise.all(
      pending.map((unit) =>
        unstored(async () => {
          const result = await running(() => runOne(unit));
          if (result !== undefined) await storeOne(unit, result);
        }),
      ),
    );
  } finally {
    snapshot.elapsedMs = clock.now() - started;
    progress.stop(snapshot);
    const after = await store.countUnits(run.record.id);
    await store.setRunStatus(run.record.id, after.pending === 0 ? 'done' : 'interrupted');
  }
  const interrupted = (await store.countUnits(run.record.id)).pending > 0;
  const dead = plan.deadBackends?.dead;
  return { runId: run.record.id, resumed: run.resumed, existing: false, retried, executed, interrupted, ...(dead === undefined ? {} : { deadBackend: dead }) };
}

/** Whether a failed unit's errors are all connection-level (refused, reset, timed out). */
function failedToConnect(result: UnitResult): boolean {
  const errors = result.events.filter((event) => event.type === 'error');
  return errors.length > 0 && errors.every((event) => event.code === 'BACKEND_CONNECTION' || event.code === 'BACKEND_TIMEOUT');
}

async function openOrResume(plan: RunPlan, clock: Clock): Promise<{ record: RunRecord; resumed: boolean; existing?: true }> {
  const fingerprint = runFingerprint(plan.config);
  if (plan.resumeRunId !== undefined) {
    const record = await plan.store.getRun(plan.resumeRunId);
    if (record === undefined) throw new ConfigError(`no run "${plan.resumeRunId}" in this database`, 'list runs with `quorum runs`');
    if (runFingerprint(record.config) !== fingerprint) {
      throw new ConfigError(`run ${record.id} was made with a different protocol, agents, questions or seeds`, 'repeat the original command, or start a new run without --resume');
    }
    return { record: await continueRun(plan, record, clock), resumed: true };
  }
  if (plan.fresh !== true) {
    const unfinished = (await plan.store.listRuns()).find((run) => run.status !== 'done' && runFingerprint(run.config) === fingerprint);
    if (unfinished !== undefined) return { record: await continueRun(plan, unfinished, clock), resumed: true };
    // the same experiment, already finished: report it rather than store a duplicate (newest first, so the latest)
    const finished = plan.reuseFinished !== true ? undefined : (await plan.store.listRuns()).find((run) => run.status === 'done' && runFingerprint(run.config) === fingerprint);
    if (finished !== undefined) {
      // the same command again redoes what failed, in the same run
      if (plan.retryFailed !== false && finished.units.failed > 0) return { record: await continueRun(plan, finished, clock), resumed: true };
      return { record: finished, resumed: false, existing: true };
    }
  }
  const record: RunRecord = { id: plan.newRunId(), createdAt: isoNow(clock), status: 'running', config: plan.config };
  await plan.store.createRun(record);
  return { record, resumed: false };
}

/** Marks a stored run running again, after checking (and, if allowed, recording) a change of code version. */
async function continueRun(plan: RunPlan, record: RunRecord, clock: Clock): Promise<RunRecord> {
  if (!sameCodeVersion(record, plan.config.codeVersion, plan.allowVersionMix === true)) {
    await plan.store.recordVersionMix(record.id, {
      at: isoNow(clock),
      codeVersion: plan.config.codeVersion,
      ...(plan.config.gitCommit === undefined ? {} : { gitCommit: plan.config.gitCommit }),
    });
  }
  await plan.store.setRunStatus(record.id, 'running');
  return record;
}
