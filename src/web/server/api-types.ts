/**
 * The viewer's JSON API: response shapes shared by the server and the UI
 * (type-only imports, so the UI bundles none of the server's code). Routes
 * and parameters are described in docs/viewer.md.
 *
 * Only `src/spec` is imported: the UI type-checks this file with the DOM
 * library and no Node types, and must not pull in the server's module
 * graph (metrics import protocols, protocols import tools, …).
 */
import type { AuditQuestionRecord, AuditRecord, FailureMode } from '../../spec/audit-result.js';
import type { Usage } from '../../spec/chat.js';
import type { RunConfig } from '../../spec/run-config.js';
import type { RunStatus, StudyStatus, UnitCounts, UnitRecord, UnitStatus } from '../../spec/store.js';

/** One page of a longer list. `total` counts every item that matches, not only this page. */
export interface Page<T> {
  total: number;
  offset: number;
  limit: number;
  items: T[];
}

/** Body of every non-2xx API response. */
export interface ApiErrorBody {
  error: { code: string; message: string; hint?: string };
}

/** The few figures a list of runs shows. */
export interface HeadlineMetrics {
  accuracy: number | null;
  agreement: number | null;
  unparsed: number | null;
  tokens: Usage & { total: number };
  costUsd: number | null;
  latencyMsPerUnit: number | null;
}

/** A run in the runs list. */
export interface RunListItem {
  id: string;
  createdAt: string;
  status: RunStatus;
  protocol: string;
  preset: string;
  dataset: string;
  agents: string[];
  judge: string | null;
  seeds: number[];
  units: UnitCounts;
  metrics: HeadlineMetrics;
  /** Stored audits of the run. */
  audits: number;
}

/**
 * The run configuration as the viewer shows it: secrets scrubbed, and the
 * lists that grow with the run (question ids, carried scoring points)
 * replaced by their sizes so that the response stays small.
 */
export type DisplayConfig = Omit<RunConfig, 'dataset' | 'audit'> & {
  dataset: Omit<RunConfig['dataset'], 'questionIds'> & { questionCount: number };
  audit?: Record<string, unknown>;
};

/** An audit without its per-unit results. */
export type AuditListItem = AuditRecord;

/**
 * The run metrics the UI reads by name: a structural subset of
 * `RunMetrics` (src/metrics/run-metrics.ts), which the server assigns to it
 * whole, so a change of shape there fails the server's type check. The
 * response carries every field `RunMetrics` has.
 */
export interface RunMetricsView {
  units: number;
  completed: number;
  failed: number;
  pending: number;
  accuracy: number | null;
  agreement: number | null;
  unparsed: number | null;
  unparsedTurns: number | null;
  tokens: Usage & { total: number };
  calls: number;
  cacheHits: number;
  costUsd: number | null;
  latencyMsPerUnit: number | null;
  dynamics: { answerChanges: number; correctToWrong: number; wrongToCorrect: number; agreementByRound: number[]; accuracyByRound: number[] };
  prr: { mean: number | null };
  ad: { mean: number | null };
  /** Plugin metrics computed by the viewer (`quorum ui --plugin`): mean over the units with a value. */
  plugins: { key: string; label: string; source: string; digits: number; mean: number | null; units: number }[];
}

/** `GET /api/runs/:runId`. */
export interface RunDetail extends RunHeader {
  metrics: RunMetricsView;
}

/**
 * `GET /api/runs/:runId/header`: a run without its metrics — what the run
 * page shows first; the metrics follow from `/api/runs/:runId/metrics`.
 */
export interface RunHeader {
  id: string;
  createdAt: string;
  status: RunStatus;
  config: DisplayConfig;
  units: UnitCounts;
  /** Newest first. */
  audits: AuditListItem[];
  /** Protocols and seeds present among the units (filter choices). */
  protocols: string[];
  seeds: number[];
}

/** Units read so far of a run's total, while the server builds the run's unit index. */
export interface IndexProgress {
  indexed: number;
  total: number;
}

/** `GET /api/runs/:runId/index-progress`: `building` is null once the index is built (or before it is asked for). */
export interface IndexProgressPage {
  building: IndexProgress | null;
}

/** `GET /api/runs/:runId/metrics`. */
export interface RunMetricsPage {
  metrics: RunMetricsView;
  /** Why an input a metric needs could not be read (e.g. the run's dataset file changed): those metrics are n/a. */
  unavailable?: string;
}

/** How a unit ended, as the filters name it. `ungraded`: answered, but the question has no gold answer. */
export type UnitOutcome = 'correct' | 'wrong' | 'unparsed' | 'failed' | 'pending' | 'ungraded';
export const UNIT_OUTCOMES: readonly UnitOutcome[] = ['correct', 'wrong', 'unparsed', 'failed', 'pending', 'ungraded'];

/** A unit's audit figures in the selected audit. */
export interface UnitAuditScores {
  eligible: boolean;
  caraHyb: number | null;
  sim: number | null;
  contradictionRate: number | null;
  caraGt: number | null;
  failureMode: FailureMode | null;
  lowCara: boolean;
  /** |S(q)|: agents whose final answer equals the aggregated answer (DESIGN §5). */
  agreementSize: number;
}

/** One row of a run's per-question table. */
export interface UnitRow {
  id: string;
  questionId: string;
  protocol: string;
  seed: number;
  status: UnitStatus;
  outcome: UnitOutcome;
  answer: string | null;
  gold: string | null;
  unanimous: boolean | null;
  roundsRun: number | null;
  calls: number | null;
  tokens: number | null;
  costUsd: number | null;
  latencyMs: number | null;
  errors: number | null;
  /** Agents with an answer record in the unit's summary (null while pending). */
  agents: number | null;
  /** |S(q)| from the selected audit, else from the trace's `final` event; null until known. */
  agreementSize: number | null;
  /** The question as the first agent received it (cut short); null until the run's text index reaches the unit. */
  questionText: string | null;
  /** Scores in the selected audit; null when no audit is selected or the unit was not audited. */
  audit: UnitAuditScores | null;
}

/** `GET /api/runs/:runId/units`: a page of rows plus counts for the filter controls. */
export interface UnitPage extends Page<UnitRow> {
  /** Units of the run per outcome (ignoring the filters), for the filter buttons. */
  outcomes: Record<UnitOutcome, number>;
  /** The audit whose scores the rows carry (`null`: none). */
  auditId: string | null;
  /** How far the run's text index (question texts, full-text search) has got. */
  textIndex: { indexed: number; total: number };
}

/** One question of `GET /api/runs/:runId/consistency`: a point of the consistency quadrant. */
export interface ConsistencyPoint {
  unitId: string;
  questionId: string;
  outcome: UnitOutcome;
  /** |S(q)| / agents: the share of agents in the agreement set. */
  agreement: number;
  agreementSize: number;
  agents: number;
  eligible: boolean;
  caraHyb: number | null;
  sim: number | null;
  contradictionRate: number | null;
}

/** `GET /api/runs/:runId/consistency`: every audited unit (after filters) as a point. */
export interface ConsistencyPage {
  auditId: string;
  points: ConsistencyPoint[];
  /** Matching units the audit has no result for (pending, failed or finished after it). */
  notAudited: number;
  /** The audit's low-CARA cut-off of CARA-HYB (all units together), null when none applies. */
  lowCaraThreshold: number | null;
  /** The audit's "low SIM" bound (FM1). */
  lowSim: number;
}

/** Where a unit belongs, for headers and links. */
export interface UnitRunHeader {
  id: string;
  protocol: string;
  preset: string;
  dataset: string;
  format: string | null;
  agents: Array<{ name: string; backend: string }>;
  judge: { name: string; backend: string } | null;
}

/** `GET /api/units/:unitId`. */
export interface UnitDetail {
  unit: UnitRecord;
  run: UnitRunHeader;
  /** Events of the unit (fetch them from `/events`, page by page). */
  eventCount: number;
  /** Audits of the run, newest first (label and id only). */
  audits: Array<{ id: string; label: string; createdAt: string }>;
}

/** `GET /api/units/:unitId/neighbours`: the units before and after it in the run's plan order. */
export interface UnitNeighbours {
  /** 0-based place in plan order. */
  position: number;
  total: number;
  previous: { id: string; questionId: string } | null;
  next: { id: string; questionId: string } | null;
}

/** `GET /api/units/:unitId/audit`. */
export interface UnitAuditDetail {
  audit: { id: string; label: string; createdAt: string; tau: number; embed: string; nli: string; fallbackNote: string | null };
  question: AuditQuestionRecord;
}

/** `GET /api/health`. */
export interface Health {
  ok: true;
  version: string;
}

/** A study in the studies list. */
export interface StudyListItem {
  id: string;
  name: string;
  status: StudyStatus;
  note: string | null;
  createdAt: string;
  updatedAt: string;
  /** Cells of the grid that have a run so far. */
  runs: number;
}

/** One cell of a study's grid and the run that holds it (null: the run is no longer in the store). */
export interface StudyCell {
  /** Cell key, `protocol|dataset|setup`. */
  cell: string;
  protocol: string;
  dataset: string;
  setup: string;
  run: RunListItem | null;
  runId: string;
}

/** `GET /api/studies/:studyId`: the study and a page of its cells. */
export interface StudyDetail {
  study: StudyListItem & { config: unknown };
  cells: Page<StudyCell>;
}

/** A table of the study report, as text cells (the same table `quorum study report` writes). */
export interface StudyReportTableView {
  id: string;
  title: string;
  caption: string | null;
  headers: string[];
  cells: string[][];
}

/** A chart of the study report: drawn charts are SVG images at `url`. */
export interface StudyReportChartView {
  id: string;
  title: string;
  caption: string;
  /** `/api/studies/:studyId/charts/:chartId.svg`, or null when the chart could not be drawn (`skipped` says why). */
  url: string | null;
  skipped: string | null;
}

/** Two protocols compared within one dataset and setup: what the paired-differences view pairs up. */
export interface StudyComparisonView {
  treatment: string;
  control: string;
  dataset: string;
  setup: string;
  /** Metrics with at least one pair where both protocols have a value. */
  metrics: string[];
}

/** `GET /api/studies/:studyId/report`: the study report as the viewer shows it. */
export interface StudyReportView {
  warnings: string[];
  tables: StudyReportTableView[];
  charts: StudyReportChartView[];
  comparisons: StudyComparisonView[];
  /** How the study's statistics pair units (`question` averages seeds; the pairs view always lists (question, seed) pairs). */
  pairing: 'question-seed' | 'question';
}

/** One side of a pair: the unit (click through to its trace) and its value. */
export interface PairSide {
  runId: string;
  unitId: string;
  answer: string | null;
  correct: boolean | null;
  value: number;
}

/** One (question, seed) under two protocols. */
export interface StudyPairRow {
  questionId: string;
  seed: number;
  treatment: PairSide;
  control: PairSide;
  /** treatment − control. */
  difference: number;
}

/** `GET /api/studies/:studyId/pairs`: a page of paired per-question differences and their tally over all pairs. */
export interface StudyPairsPage extends Page<StudyPairRow> {
  metric: string;
  /** Pairs where both protocols have a value (all of them, not just this page). */
  pairs: number;
  treatmentHigher: number;
  controlHigher: number;
  equal: number;
  /** Mean of treatment − control over all pairs; null without pairs. */
  meanDifference: number | null;
}

/** One (question, seed) finished in both compared runs. */
export interface ComparedPair {
  questionId: string;
  seed: number;
  a: { unitId: string; answer: string | null; correct: boolean | null };
  b: { unitId: string; answer: string | null; correct: boolean | null };
}

/** A test's p-value, or why the test is undefined (fewer than two pairs, all differences zero). */
export type ComparedTest = { p: number } | { undefined: string };

/** The paired statistics of one metric (the fields of `PairedComparison` the viewer shows). */
export interface ComparedStatistics {
  n: number;
  meanA: number | null;
  meanB: number | null;
  meanDifference: number | null;
  ci: { low: number; high: number } | null;
  tTest: ComparedTest;
  wilcoxon: ComparedTest;
  mcnemar: { b: number; c: number; p: number } | null;
  dz: number | null;
}

/** One metric of both runs on their shared pairs. */
export interface ComparedMetric {
  metric: string;
  label: string;
  comparison: ComparedStatistics;
}

/** `GET /api/runs/:runId/compare/:otherId`: two runs compared unit by unit, with the statistics of a study report. */
export interface RunComparison {
  a: { runId: string; auditId: string | null; units: number };
  b: { runId: string; auditId: string | null; units: number };
  /** Units finished in both runs, paired by question id and seed. */
  pairs: ComparedPair[];
  metrics: ComparedMetric[];
  bootstrap: { resamples: number; seed: number };
}
