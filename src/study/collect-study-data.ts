import type { RunMetrics } from '../metrics/run-metrics.js';
import { measureRun, type RunMetricInputs } from '../runner/measure-run.js';
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

/**
 * Reads a study's runs, units, run metrics and chosen audits: the one pass
 * over the store that reports, tables and charts work from. Each cell's
 * metrics and their inputs come from `measureRun`, as `quorum show` and the
 * viewer compute them, so a report applies the same metrics: events when a
 * metric that may apply needs them (faithfulness, FLAGs, verifier
 * detection), the questions rebuilt from the run's recorded dataset when
 * verifier detection needs them.
 */
export async function collectStudyData(store: TraceStore, study: StudyRecord): Promise<StudyData> {
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
    const { metrics, inputs } = await measureRun(store, run, units);
    const observations = units
      .map((unit) => unitObservation(unit, byUnit.get(unit.id), { ...unitInputs(inputs, unit), params: run.config.protocol.params }))
      .filter((entry): entry is UnitObservation => entry !== null);
    const summary = audit?.audit.summary;
    const auditGroup = summary === undefined ? null : (summary.groups.find((group) => group.protocol === run.config.protocol.name) ?? summary.overall);
    cells.push({ ...base, run, units, observations, metrics, audit, auditGroup, ...(inputs.unavailable === undefined ? {} : { inputsNote: inputs.unavailable }) });
  }
  return { study, config, cells };
}

function unitInputs(inputs: RunMetricInputs, unit: UnitRecord): { events?: readonly TraceEvent[]; question?: Question } {
  const events = inputs.events?.get(unit.id);
  const question = inputs.questions?.get(unit.questionId);
  return { ...(events === undefined ? {} : { events }), ...(question === undefined ? {} : { question }) };
}
