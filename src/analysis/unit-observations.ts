import { metricValue, registeredMetrics, unmetNeeds } from '../metrics/metric-registry.js';
import type { AuditQuestionRecord } from '../spec/audit-result.js';
import type { MetricNeed, MetricUnit } from '../spec/metric.js';
import type { Question } from '../spec/question.js';
import type { UnitRecord } from '../spec/store.js';
import type { TraceEvent } from '../spec/trace.js';
import { beyondBounds, clampMetric } from './metric-bounds.js';
import type { StudyMetric } from './study-metrics.js';

/** The metric values of one unit: the unit of pairing (question, seed). */
export interface UnitObservation {
  /** The unit the values come from (reports link pairs to both traces). */
  unitId: string;
  questionId: string;
  seed: number;
  /** Only metrics that are defined for the unit; a missing key means "n/a", never 0. */
  values: Partial<Record<StudyMetric, number>>;
  /** Metrics that do not apply to the unit and the needs it does not meet (reports say why a metric is n/a). */
  unmet?: Partial<Record<StudyMetric, MetricNeed[]>>;
  /** Metrics whose value lay beyond its bounds by more than rounding noise before it was clamped (a bug upstream; the report warns). */
  outOfBounds?: StudyMetric[];
}

/** What the study pass read for a unit beyond its summary and audit. */
export interface ObservationInputs {
  events?: readonly TraceEvent[];
  question?: Question;
  /** The run's protocol parameters. */
  params?: Readonly<Record<string, unknown>>;
}

/**
 * The values of every registered metric for a finished unit, from its
 * stored summary, its audit record (when the run was audited) and whatever
 * else was read (events, question). Failed and pending units have no
 * observation, as in `runMetrics`. A metric whose needs the unit does not
 * meet, or whose value is undefined for it (CF with equal round-0
 * forecasts, cost without a price), has no value: n/a, never 0. Values are
 * clamped to the bounds of their metric's definition (accuracy in [0, 1],
 * CARA-HYB in [−1, 1], …), so a cosine of 1.0000000000000002 never reaches a table.
 */
export function unitObservation(unit: UnitRecord, audit: AuditQuestionRecord | undefined, inputs: ObservationInputs = {}): UnitObservation | null {
  const summary = unit.summary;
  if (unit.status !== 'done' || summary === null) return null;
  const metricUnit: MetricUnit = { unitId: unit.id, summary, ...(audit === undefined ? {} : { audit }), ...inputs };
  const values: Partial<Record<StudyMetric, number>> = {};
  const unmet: Partial<Record<StudyMetric, MetricNeed[]>> = {};
  const outOfBounds: StudyMetric[] = [];
  for (const metric of registeredMetrics()) {
    const missing = unmetNeeds(metric, metricUnit);
    if (missing.length > 0) {
      unmet[metric.key] = missing;
      continue;
    }
    const value = metricValue(metric, metricUnit);
    if (value === null) continue;
    if (beyondBounds(metric.key, value)) outOfBounds.push(metric.key);
    values[metric.key] = clampMetric(metric.key, value);
  }
  return { unitId: unit.id, questionId: unit.questionId, seed: unit.seed, values, unmet, ...(outOfBounds.length === 0 ? {} : { outOfBounds }) };
}
