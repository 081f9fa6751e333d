import { ConfigError } from '../spec/errors.js';
import type { RunStatus, StudyRecord, TraceStore, UnitCounts } from '../spec/store.js';
import { spentByRuns, type Spend } from './study-budget.js';
import { cellLabel, plannedUnits, type StudyCell, type StudyConfig } from './study-config.js';

/** Progress of one cell. */
export interface CellProgress {
  cell: StudyCell;
  label: string;
  runId: string | null;
  runStatus: RunStatus | null;
  /** Units planned for the cell (questions × seeds), and how many are done, failed and pending. */
  planned: number;
  done: number;
  failed: number;
  pending: number;
}

/** A study's progress (`quorum study status`). */
export interface StudyProgress {
  study: StudyRecord;
  config: StudyConfig;
  cells: CellProgress[];
  totals: { planned: number; finished: number; failed: number; remaining: number };
  spent: Spend;
  /** Recent pace in finished units per minute, from the last `paceWindow` finished units; null with fewer than two. */
  unitsPerMinute: number | null;
  /** Estimated milliseconds to finish at that pace; null when unknown, 0 when nothing remains. */
  etaMs: number | null;
  /** Units the pace is based on. */
  paceUnits: number;
}

/** Finished units the pace is measured over: recent enough to follow a change of backend or load. */
export const PACE_WINDOW = 20;

/** The stored study with this id, or the newest with this name. Throws a `ConfigError` naming what exists. */
export async function findStudy(store: TraceStore, idOrName: string): Promise<StudyRecord> {
  const byId = await store.getStudy(idOrName);
  if (byId !== undefined) return byId;
  const studies = await store.listStudies();
  const byName = studies.find((study) => study.name === idOrName);
  if (byName !== undefined) return byName;
  const known = studies.slice(0, 5).map((study) => study.id);
  throw new ConfigError(`no study "${idOrName}" in this database`, known.length === 0 ? 'run one with `quorum study run <study.yaml>`' : `known studies: ${known.join(', ')}${studies.length > 5 ? ', …' : ''}`);
}

/**
 * Progress per cell (units done / planned), totals, what was spent, and an
 * ETA from the recent pace: the time between the last `PACE_WINDOW`
 * finished units of the whole study, so a study resumed after a pause is not
 * estimated from the pause.
 */
export async function studyProgress(store: TraceStore, study: StudyRecord, paceWindow = PACE_WINDOW): Promise<StudyProgress> {
  const config = study.config as unknown as StudyConfig;
  const links = new Map((await store.listStudyRuns(study.id)).map((link) => [link.cell, link.runId]));
  const finishedTimes: number[] = [];
  const cells: CellProgress[] = [];
  for (const cell of config.cells) {
    const runId = links.get(cell.key) ?? null;
    const planned = plannedUnits(config, cell);
    let counts: UnitCounts = { pending: planned, done: 0, failed: 0, total: planned };
    let runStatus: RunStatus | null = null;
    if (runId !== null) {
      runStatus = (await store.getRun(runId))?.status ?? null;
      counts = await store.countUnits(runId);
      for (const unit of await store.listUnits(runId)) {
        if (unit.finishedAt !== null) finishedTimes.push(Date.parse(unit.finishedAt));
      }
    }
    cells.push({ cell, label: cellLabel(config, cell), runId, runStatus, planned, done: counts.done, failed: counts.failed, pending: Math.max(0, planned - counts.done - counts.failed) });
  }
  const planned = cells.reduce((sum, cell) => sum + cell.planned, 0);
  const finished = cells.reduce((sum, cell) => sum + cell.done + cell.failed, 0);
  const remaining = Math.max(0, planned - finished);
  const recent = finishedTimes.sort((a, b) => a - b).slice(-paceWindow);
  const span = recent.length >= 2 ? recent.at(-1)! - recent[0]! : 0;
  const unitsPerMinute = span > 0 ? ((recent.length - 1) / span) * 60_000 : null;
  return {
    study,
    config,
    cells,
    totals: { planned, finished, failed: cells.reduce((sum, cell) => sum + cell.failed, 0), remaining },
    spent: await spentByRuns(store, links.values()),
    unitsPerMinute,
    etaMs: remaining === 0 ? 0 : unitsPerMinute === null ? null : (remaining / unitsPerMinute) * 60_000,
    paceUnits: recent.length,
  };
}
