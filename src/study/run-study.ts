import type { StudyRecord, StudyStatus, TraceStore, UnitCounts } from '../spec/store.js';
import type { ProgressReporter, ProgressSnapshot } from '../runner/progress.js';
import type { StartRunOptions } from '../runner/start-run.js';
import type { RunOutcome } from '../runner/execute-run.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';
import { auditStudy, type AuditProviderFactory, type StudyAuditOutcome } from './audit-study.js';
import { runCell } from './run-cell.js';
import type { ResolvedStudy } from './resolve-study.js';
import { addSpend, budgetReached, spentByRuns, type Spend } from './study-budget.js';
import type { StudyCell } from './study-config.js';

/** What happens while a study runs, for a CLI or a log. */
export type StudyEvent =
  | { type: 'cell-start'; cell: StudyCell; index: number; total: number; linkedRunId: string | null }
  /** `final`: the cell's last snapshot (the run stopped or finished). */
  | { type: 'progress'; cell: StudyCell; snapshot: ProgressSnapshot; final: boolean }
  | { type: 'cell-end'; cell: StudyCell; outcome: RunOutcome; counts: UnitCounts }
  | { type: 'budget'; reason: string; spent: Spend }
  | { type: 'audit-start'; runs: number }
  | { type: 'audit-end'; outcome: StudyAuditOutcome };

/** Options of `runStudy`. */
export interface RunStudyOptions {
  store: TraceStore;
  study: ResolvedStudy;
  /** Units in flight per run (default: the file's `concurrency`). */
  concurrency?: number;
  /** Stops the study: no new unit starts; running it again continues. */
  signal?: AbortSignal;
  onEvent?: (event: StudyEvent) => void;
  /** Starts or resumes one run (default `startRun`); injectable so tests can observe or wrap it. */
  startRun?: (options: StartRunOptions) => Promise<RunOutcome>;
  /** Run the audit pass when the grid is complete (default: the file's `audit.enabled`). */
  audit?: boolean;
  createAuditProviders?: AuditProviderFactory;
  /** Answer only from the completion cache. */
  replay?: boolean;
  /** Resume cells' runs made by another code version, recording it (`startRun`'s `allowVersionMix`). */
  allowVersionMix?: boolean;
  /**
   * Run the failed units of cells already run again, once each (default
   * true; `startRun`'s `retryFailed`); false leaves a finished cell as it is.
   */
  retryFailed?: boolean;
  clock?: Clock;
  newRunId?: () => string;
  newAuditId?: () => string;
}

/** One cell as this call left it. */
export interface CellOutcome {
  cell: StudyCell;
  runId: string;
  resumed: boolean;
  /** Units run by this call. */
  executed: number;
  interrupted: boolean;
}

/** The outcome of `runStudy`. */
export interface StudyOutcome {
  studyId: string;
  status: StudyStatus;
  /** Why the study stopped early; null when done. */
  note: string | null;
  /** Cells reached by this call, in grid order. */
  cells: CellOutcome[];
  spent: Spend;
  /** Null when the audit did not run (disabled, or the grid is not complete). */
  audit: StudyAuditOutcome | null;
}

/**
 * Runs a study's grid — one run per protocol × dataset × setup, each with
 * every seed — one cell after the other through `startRun`, then audits the
 * runs. Re-running continues: a cell's linked run is resumed (a finished one
 * costs nothing), an unlinked cell resumes a matching unfinished run, and
 * all runs share the store's completion cache, so no prompt and seed is paid
 * twice. When the budget is reached no further unit starts, the study is
 * stored as interrupted and the outcome says why (docs/studies.md, "Budget").
 */
export async function runStudy(options: RunStudyOptions): Promise<StudyOutcome> {
  const { store, study } = options;
  const { config } = study;
  const clock = options.clock ?? systemClock;
  const emit = options.onEvent ?? (() => undefined);
  const existing = await store.getStudy(study.id);
  const record = (status: StudyStatus, note: string | null): StudyRecord => ({
    id: study.id,
    name: config.name,
    createdAt: existing?.createdAt ?? isoNow(clock),
    updatedAt: isoNow(clock),
    status,
    note,
    config: config as unknown as Record<string, unknown>,
  });
  await store.saveStudy(record('running', null));
  try {
    return await runGrid(options, record, clock, emit);
  } catch (error) {
    // A failure of the whole study (a backend that cannot be created, an audit model that cannot load) leaves it resumable.
    await store.saveStudy(record('interrupted', `stopped by an error: ${error instanceof Error ? error.message : String(error)}`));
    throw error;
  }
}

async function runGrid(options: RunStudyOptions, record: (status: StudyStatus, note: string | null) => StudyRecord, clock: Clock, emit: (event: StudyEvent) => void): Promise<StudyOutcome> {
  const { store, study } = options;
  const { config } = study;
  const budget = config.file.budget;
  const links = new Map((await store.listStudyRuns(study.id)).map((link) => [link.cell, link.runId]));
  const cells: CellOutcome[] = [];
  let note: string | null = null;
  let spent = await spentByRuns(store, links.values());
  for (const [index, cell] of config.cells.entries()) {
    if (options.signal?.aborted) {
      note = 'interrupted before every cell ran';
      break;
    }
    const linkedRunId = links.get(cell.key) ?? null;
    const linkedCounts = linkedRunId === null ? undefined : await store.countUnits(linkedRunId);
    if (linkedRunId !== null && linkedCounts!.pending === 0 && (linkedCounts!.failed === 0 || options.retryFailed === false)) {
      // Finished earlier: nothing to pay for, so neither the budget nor a backend is needed.
      cells.push({ cell, runId: linkedRunId, resumed: false, executed: 0, interrupted: false });
      continue;
    }
    const reached = budgetReached(budget, spent);
    if (reached !== null) {
      note = reached;
      emit({ type: 'budget', reason: reached, spent });
      break;
    }
    emit({ type: 'cell-start', cell, index, total: config.cells.length, linkedRunId });
    const spentBefore = linkedRunId === null ? spent : addSpend(spent, negate(await spentByRuns(store, [linkedRunId])));
    const stop = new AbortController();
    let budgetNote: string | null = null;
    const progress: ProgressReporter = {
      update(snapshot) {
        emit({ type: 'progress', cell, snapshot, final: false });
        if (budgetNote !== null) return;
        // The snapshot counts units finished by this call; `spent` holds everything stored before it.
        const now = addSpend(spent, { tokens: snapshot.tokens, costUsd: snapshot.costUsd });
        budgetNote = budgetReached(budget, now);
        if (budgetNote !== null) stop.abort();
      },
      stop(snapshot) {
        emit({ type: 'progress', cell, snapshot, final: true });
      },
    };
    const outcome = await runCell(options, cell, linkedRunId, progress, options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]));
    const runId = await store.linkStudyRun(study.id, cell.key, outcome.runId);
    links.set(cell.key, runId);
    spent = addSpend(spentBefore, await spentByRuns(store, [runId]));
    cells.push({ cell, runId, resumed: outcome.resumed, executed: outcome.executed, interrupted: outcome.interrupted });
    emit({ type: 'cell-end', cell, outcome, counts: await store.countUnits(runId) });
    if (outcome.interrupted) {
      note = budgetNote ?? (options.signal?.aborted ? 'interrupted by a signal' : `run ${runId} did not finish`);
      if (budgetNote !== null) emit({ type: 'budget', reason: budgetNote, spent });
      break;
    }
    // A budget reached by the cell's last unit stops the study only if another cell still has work (checked above).
  }

  const complete = note === null && config.cells.every((cell) => links.has(cell.key));
  let audit: StudyAuditOutcome | null = null;
  if (complete && (options.audit ?? config.file.audit.enabled)) {
    emit({ type: 'audit-start', runs: links.size });
    audit = await auditStudy({
      store,
      runIds: config.cells.map((cell) => links.get(cell.key)!),
      settings: config.file.audit,
      ...(options.createAuditProviders === undefined ? {} : { createProviders: options.createAuditProviders }),
      clock,
      ...(options.newAuditId === undefined ? {} : { newAuditId: options.newAuditId }),
    });
    emit({ type: 'audit-end', outcome: audit });
  }
  const status: StudyStatus = complete ? 'done' : 'interrupted';
  await store.saveStudy(record(status, note));
  return { studyId: study.id, status, note, cells, spent, audit };
}

function negate(spend: Spend): Spend {
  return { tokens: -spend.tokens, costUsd: spend.costUsd === null ? null : -spend.costUsd };
}
