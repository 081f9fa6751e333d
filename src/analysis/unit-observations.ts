import { consensusFormation } from '../metrics/dynamics/consensus-formation.js';
import { unitArgumentDiversity, unitPeerReferenceRate } from '../metrics/dynamics/run-dynamics.js';
import { absoluteError } from '../metrics/forecast-error.js';
import type { AuditQuestionRecord } from '../spec/audit-result.js';
import type { UnitRecord } from '../spec/store.js';
import { unitCostUsd } from '../metrics/unit-cost.js';
import { beyondBounds, clampMetric } from './metric-bounds.js';
import type { StudyMetric } from './study-metrics.js';

/** The metric values of one unit: the unit of pairing (question, seed). */
export interface UnitObservation {
  /** The unit the values come from (reports link pairs to both traces). */
  unitId: string;
  questionId: string;
  seed: number;
  /** Only metrics that are defined for the unit; a missing key means "no value", never 0. */
  values: Partial<Record<StudyMetric, number>>;
  /** Metrics whose value lay beyond its bounds by more than rounding noise before it was clamped (a bug upstream; the report warns). */
  outOfBounds?: StudyMetric[];
}

/**
 * The metric values of a finished unit, from its stored summary and (when
 * the run was audited) its audit result. Failed and pending units have no
 * observation, as in `runMetrics`. Undefined values stay undefined:
 * accuracy without a gold answer, CARA for a unit that is not eligible,
 * PRR without an interaction round, CF without numeric forecasts, cost
 * without a price. Values are clamped to the bounds of their metric's
 * definition (accuracy in [0, 1], CARA-HYB in [−1, 1], …), so a cosine of
 * 1.0000000000000002 never reaches a table.
 */
export function unitObservation(unit: UnitRecord, audit: AuditQuestionRecord | undefined): UnitObservation | null {
  const summary = unit.summary;
  if (unit.status !== 'done' || summary === null) return null;
  const values: Partial<Record<StudyMetric, number>> = {};
  const outOfBounds: StudyMetric[] = [];
  const set = (metric: StudyMetric, value: number | null | undefined): void => {
    if (value === null || value === undefined || !Number.isFinite(value)) return;
    if (beyondBounds(metric, value)) outOfBounds.push(metric);
    values[metric] = clampMetric(metric, value);
  };
  set('accuracy', summary.correct === null ? null : summary.correct ? 1 : 0);
  set('agreement', summary.unanimous ? 1 : 0);
  set('tokens', summary.usage.promptTokens + summary.usage.completionTokens);
  set('cost_usd', unitCostUsd(summary));
  set('latency_ms', summary.latencyMs);
  set('abs_error', absoluteError(summary));
  // Summaries written before per-round dynamics were recorded have no `rounds`: PRR and AD are then missing.
  if (summary.rounds !== undefined) {
    set('prr', unitPeerReferenceRate(summary.rounds));
    set('ad', unitArgumentDiversity(summary.rounds));
  }
  set('cf', consensusFormation(summary).value);
  if (audit !== undefined && audit.eligible) {
    set('cara_hyb', audit.caraHyb);
    set('sim', audit.sim);
    set('cr', audit.contradictionRate);
    set('cara_gt', audit.caraGt);
  }
  return { unitId: unit.id, questionId: unit.questionId, seed: unit.seed, values, ...(outOfBounds.length === 0 ? {} : { outOfBounds }) };
}
