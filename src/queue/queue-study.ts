import type { TraceStore } from '../spec/store.js';
import type { ResolvedStudy } from '../study/resolve-study.js';
import { runStudy, type StudyEvent } from '../study/run-study.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';
import { planQueuedRun } from './plan-queued-run.js';
import type { QueueLocation } from './queue-location.js';
import { studyQuestionSource } from './study-question-source.js';
import type { UnitQueue } from './unit-queue.js';

/** Options of `queueStudy`. */
export interface QueueStudyOptions {
  store: TraceStore;
  study: ResolvedStudy;
  queue: UnitQueue;
  location: QueueLocation;
  signal?: AbortSignal;
  onEvent?: (event: StudyEvent) => void;
  /** Resume runs made by another code version, recording it; workers then accept both versions. */
  allowVersionMix?: boolean;
  /** See `RunStudyOptions.retryFailed`: failed units are queued again by default. */
  retryFailed?: boolean;
  clock?: Clock;
  newRunId?: () => string;
}

/** What queueing a study did. */
export interface QueuedStudyOutcome {
  studyId: string;
  /** Runs planned (one per cell reached), in grid order. */
  runIds: string[];
  /** Pending units now in the queue (new or already there). */
  queued: number;
  /** Failed jobs replaced by fresh ones. */
  requeuedFailed: number;
  /** Why planning stopped before every cell (budget, signal), or null. */
  note: string | null;
}

/**
 * Plans every cell of a study and queues its pending units for workers
 * (`quorum worker`), instead of running them here. The grid, runs, resume
 * rules and budget checks are `runStudy`'s own, with each cell's
 * `startRun` replaced by `planQueuedRun`; the audit waits until the units
 * are done. The study is stored as running, with a note saying where its
 * units are queued, so `quorum study status` shows it on every machine.
 *
 * The budget is checked when cells are planned, from what earlier units
 * spent: units already queued run whatever they cost.
 */
export async function queueStudy(options: QueueStudyOptions): Promise<QueuedStudyOutcome> {
  const { store, study } = options;
  const clock = options.clock ?? systemClock;
  let queued = 0;
  let requeuedFailed = 0;
  const outcome = await runStudy({
    store,
    study,
    audit: false,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
    ...(options.allowVersionMix === undefined ? {} : { allowVersionMix: options.allowVersionMix }),
    ...(options.retryFailed === undefined ? {} : { retryFailed: options.retryFailed }),
    clock,
    ...(options.newRunId === undefined ? {} : { newRunId: options.newRunId }),
    startRun: async (runOptions) => {
      const source = studyQuestionSource(study, runOptions.dataset.questions);
      const planned = await planQueuedRun(runOptions, { queue: options.queue, ...(source === undefined ? {} : { source }) });
      queued += planned.queued.pending;
      requeuedFailed += planned.queued.requeuedFailed;
      return planned;
    },
  });
  // runStudy saw every cell "finish" (planned, nothing run): record what is really the case.
  const record = await store.getStudy(study.id);
  if (record !== undefined && queued > 0) {
    const note = `${queued} units queued on ${options.location.display}${outcome.note === null ? '' : `; ${outcome.note}`}`;
    await store.saveStudy({ ...record, status: 'running', note, updatedAt: isoNow(clock) });
  }
  return { studyId: study.id, runIds: outcome.cells.map((cell) => cell.runId), queued, requeuedFailed, note: outcome.note };
}
