import { FAILURE_MODES, type FailureMode, type MetricEstimate } from '../spec/audit-result.js';
import type { CellData, StudyData } from '../study/collect-study-data.js';
import { estimate, NO_ESTIMATE, questionMeans, type Estimate } from './estimates.js';
import { quantile } from '../util/quantile.js';
import { clampMetric } from './metric-bounds.js';
import { studyMetricKeys, type StudyMetric } from './study-metrics.js';

/** The metrics the report's charts read: always estimated (the built-ins). */
type ChartedMetric = 'accuracy' | 'agreement' | 'cara_hyb' | 'sim' | 'cr' | 'cara_gt' | 'prr' | 'ad' | 'cf' | 'abs_error' | 'tokens' | 'cost_usd' | 'latency_ms';

/** Estimates by metric key; a key of no registered metric is undefined. */
export type MetricEstimates = Record<ChartedMetric, Estimate> & Partial<Record<StudyMetric, Estimate>>;

// CARA figures with their audit's own bootstrap, stored with the audit (the other metrics are estimated here)
const AUDIT_FIGURES: ReadonlySet<StudyMetric> = new Set(['cara_hyb', 'sim', 'cr', 'cara_gt']);

/** The audit behind a row's CARA columns. */
export interface RowAudit {
  id: string;
  label: string;
  embed: string;
  nli: string;
  tau: number;
  /** The offline fallback note, when the models are fallbacks. */
  fallbackNote: string | null;
  /** The NLI is a fallback: CARA-HYB, CR, CARA-GT and failure modes carry its label. */
  fallbackNli: boolean;
  /** False when no audit with the study's settings exists and another is shown. */
  matchesStudy: boolean;
}

/** One row of the per-protocol table: a cell of the grid. */
export interface ProtocolRow {
  key: string;
  label: string;
  protocol: string;
  dataset: string;
  setup: string;
  runId: string | null;
  /** Run status, or `not started`. */
  status: string;
  planned: number;
  done: number;
  failed: number;
  pending: number;
  /** Every registered metric's estimate by key (NO_ESTIMATE where n/a); the charts' metrics are always present. */
  estimates: MetricEstimates;
  /** Median over questions (seeds averaged first) of the per-question latencies, `latency_ms` and `wall_ms`; null without values. */
  medians: Partial<Record<'latency_ms' | 'wall_ms', number | null>>;
  audit: RowAudit | null;
  /** Low-CARA units by failure mode (from the audit); null without an audit. */
  failureModes: Record<FailureMode, number> | null;
  /** CF per round (mean of 1 − Var_r / Var_round0); null when the run has no numeric answers. */
  cfByRound: Array<number | null> | null;
}

/** The per-protocol rows of a study, in grid order. */
export function protocolTable(data: StudyData): ProtocolRow[] {
  const bootstrap = data.config.file.analysis.bootstrap;
  return data.cells.map((cell) => protocolRow(cell, bootstrap));
}

function protocolRow(cell: CellData, bootstrap: { resamples: number; seed: number }): ProtocolRow {
  const estimates = Object.fromEntries(studyMetricKeys().map((metric) => [metric, metricEstimate(cell, metric, bootstrap)])) as MetricEstimates;
  const counts = { done: 0, failed: 0 };
  for (const unit of cell.units) if (unit.status !== 'pending') counts[unit.status] += 1;
  const settings = cell.audit?.audit.settings;
  return {
    key: cell.cell.key,
    label: cell.label,
    protocol: cell.cell.protocol,
    dataset: cell.cell.dataset,
    setup: cell.cell.setup,
    runId: cell.run?.id ?? null,
    status: cell.run?.status ?? 'not started',
    planned: cell.planned,
    done: counts.done,
    failed: counts.failed,
    pending: Math.max(0, cell.planned - counts.done - counts.failed),
    estimates,
    medians: { latency_ms: questionMedian(cell, 'latency_ms'), wall_ms: questionMedian(cell, 'wall_ms') },
    audit:
      cell.audit === null || settings === undefined
        ? null
        : { id: cell.audit.audit.id, label: cell.audit.audit.label, embed: settings.embed, nli: settings.nli, tau: settings.tau, fallbackNote: settings.fallback.note, fallbackNli: settings.fallback.nli, matchesStudy: cell.audit.matchesStudy },
    failureModes: cell.auditGroup === null ? null : Object.fromEntries(FAILURE_MODES.map((mode) => [mode, cell.auditGroup!.failureModes[mode] ?? 0])) as Record<FailureMode, number>,
    cfByRound: cell.metrics?.cf?.byRound ?? null,
  };
}

function metricEstimate(cell: CellData, metric: StudyMetric, bootstrap: { resamples: number; seed: number }): Estimate {
  if (!AUDIT_FIGURES.has(metric)) return estimate(cell.observations, metric, bootstrap);
  // CARA figures are the stored audit's own (its bootstrap settings are recorded with it), never recomputed here — only clamped to their bounds.
  const group = cell.auditGroup;
  if (group === null) return NO_ESTIMATE;
  const stored: Record<string, MetricEstimate> = { cara_hyb: group.caraHyb, sim: group.sim, cr: group.contradictionRate, cara_gt: group.caraGt };
  const value = stored[metric];
  return value === undefined || value.mean === null ? NO_ESTIMATE : { mean: clampMetric(metric, value.mean), low: clampMetric(metric, value.low), high: clampMetric(metric, value.high), n: value.n };
}

function questionMedian(cell: CellData, metric: StudyMetric): number | null {
  const values = [...questionMeans(cell.observations, metric).values()].sort((a, b) => a - b);
  return values.length === 0 ? null : quantile(values, 0.5);
}
