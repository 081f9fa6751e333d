import { inputsToRead } from '../metrics/metric-registry.js';
import { metricUnits } from '../metrics/metric-units.js';
import { runMetrics, type RunMetrics } from '../metrics/run-metrics.js';
import { describeError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { TraceEvent } from '../spec/trace.js';
import type { AuditGroupSummary, AuditQuestionRecord } from '../spec/audit-result.js';
import type { RunRecord, StudyRecord, TraceStore, UnitRecord } from '../spec/store.js';
import { chooseAudit, type ChosenAudit } from './study-audit.js';
import { cellLabel, plannedUnits, type StudyCell, type StudyConfig } from './study-config.js';
import { unitObservation, type UnitObservation } from '../analysis/unit-observations.js';

/** Everything a report needs about one cell of the grid. */
export interface CellData {
  cell: StudyCell;
  label: string;
  planned: number;
  /** Null until the cell's run exists. */
  run: RunRecord | null;
  units: UnitRecord[];
  observations: UnitObservation[];
  metrics: RunMetrics | null;
  audit: ChosenAudit | null;
  /** The audit's figures for this run's protocol. */
  auditGroup: AuditGroupSummary | null;
  /** Why inputs a metric needs could not be read (the questions of a changed dataset file); shown as a warning. */
  inputsNote?: string;
}

/** A study with its cells' data, read from the store. */
export interface StudyData {
  study: StudyRecord;
  config: StudyConfig;
  cells: CellData[];
}

/** What the study pass may read beyond the store. */
export interface CollectOptions {
  /**
   * Rebuilds a run's questions as its units saw them (verifier detection
   * re-verifies against their sources); without it, or when it throws,
   * metrics that need the question are n/a (the warning says why).
   */
  readQuestions?: (run: RunRecord) => Promise<ReadonlyMap<string, Question>>;
}

/**
 * Reads a study's runs, units, run metrics and chosen audits: the one pass
 * over the store that reports, tables and charts work from. Every unit's
 * events are read (wall latency, faithfulness, FLAGs); a run's questions
 * only when a metric that may apply to its units needs them (`inputsToRead`).
 */
export async function collectStudyData(store: TraceStore, study: StudyRecord, options: CollectOptions = {}): Promise<StudyData> {
  const config = study.config as unknown as StudyConfig;
  const links = new Map((await store.listStudyRuns(study.id)).map((link) => [link.cell, link.runId]));
  const cells: CellData[] = [];
  for (const cell of config.cells) {
    const runId = links.get(cell.key);
    const base = { cell, label: cellLabel(config, cell), planned: plannedUnits(config, cell) };
    const run = runId === undefined ? undefined : await store.getRun(runId);
    if (run === undefined) {
      cells.push({ ...base, run: null, units: [], observations: [], metrics: null, audit: null, auditGroup: null });
      continue;
    }
    const units = await store.listUnits(run.id);
    const audit = chooseAudit(await store.listAudits(run.id), config.file.audit);
    const byUnit = new Map<string, AuditQuestionRecord>();
    if (audit !== null) for (const question of await store.listAuditQuestions(audit.audit.id)) byUnit.set(question.unitId, question);
    const inputs = await readMetricInputs(store, run, units, options);
    const observations = units
      .map((unit) => unitObservation(unit, byUnit.get(unit.id), { ...unitInputs(inputs, unit), params: run.config.protocol.params }))
      .filter((entry): entry is UnitObservation => entry !== null);
    const summary = audit?.audit.summary;
    const auditGroup = summary === undefined ? null : (summary.groups.find((group) => group.protocol === run.config.protocol.name) ?? summary.overall);
    cells.push({ ...base, run, units, observations, metrics: runMetrics(units, { ...inputs.read, ...quoteMatchOf(run) }), audit, auditGroup, ...(inputs.note === undefined ? {} : { inputsNote: inputs.note }) });
  }
  return { study, config, cells };
}

interface ReadInputs {
  read: { events?: ReadonlyMap<string, readonly TraceEvent[]>; questions?: ReadonlyMap<string, Question> };
  note?: string;
}

// Events are always read: wall latency per question is a study metric and needs them.
async function readMetricInputs(store: TraceStore, run: RunRecord, units: readonly UnitRecord[], options: CollectOptions): Promise<ReadInputs> {
  const events = new Map(await Promise.all(units.map(async (unit) => [unit.id, await store.getEvents(unit.id)] as const)));
  if (!inputsToRead(metricUnits(units, { events })).questions) return { read: { events } };
  if (options.readQuestions === undefined) return { read: { events }, note: 'verifier detection needs the questions, which this reader does not rebuild' };
  try {
    return { read: { events, questions: await options.readQuestions(run) } };
  } catch (error) {
    return { read: { events }, note: `cannot rebuild the run's questions: ${describeError(error).message}` };
  }
}

function unitInputs(inputs: ReadInputs, unit: UnitRecord): { events?: readonly TraceEvent[]; question?: Question } {
  const events = inputs.read.events?.get(unit.id);
  const question = inputs.read.questions?.get(unit.questionId);
  return { ...(events === undefined ? {} : { events }), ...(question === undefined ? {} : { question }) };
}

function quoteMatchOf(run: RunRecord): { quoteMatch: 'exact' | 'loose' } {
  return { quoteMatch: run.config.protocol.params['quoteMatch'] === 'exact' ? 'exact' : 'loose' };
}
