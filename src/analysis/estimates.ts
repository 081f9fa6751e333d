import { bootstrapCi } from './bootstrap.js';
import { clampMetric } from './metric-bounds.js';
import type { StudyMetric } from './study-metrics.js';
import type { UnitObservation } from './unit-observations.js';

/** A mean with its percentile bootstrap interval; all null when there is no value. */
export interface Estimate {
  mean: number | null;
  low: number | null;
  high: number | null;
  /** Questions averaged (units are averaged over seeds per question first). */
  n: number;
}

/** The empty estimate. */
export const NO_ESTIMATE: Estimate = Object.freeze({ mean: null, low: null, high: null, n: 0 });

/** Per question, the mean of a metric over the seeds where it is defined (questions without a value are left out). */
export function questionMeans(observations: readonly UnitObservation[], metric: StudyMetric): Map<string, number> {
  const sums = new Map<string, { sum: number; count: number }>();
  for (const observation of observations) {
    const value = observation.values[metric];
    if (value === undefined) continue;
    const entry = sums.get(observation.questionId) ?? { sum: 0, count: 0 };
    entry.sum += value;
    entry.count += 1;
    sums.set(observation.questionId, entry);
  }
  return new Map([...sums].map(([id, { sum, count }]) => [id, sum / count]));
}

/**
 * The corpus estimate of a metric: seeds averaged per question, then the
 * mean over questions with a percentile bootstrap CI over questions — the
 * same unit of resampling as the audit's CARA intervals, so a question
 * repeated with five seeds is not counted as five independent samples.
 * Mean and bounds are clamped to the metric's bounds (`clampMetric`).
 */
export function estimate(observations: readonly UnitObservation[], metric: StudyMetric, bootstrap: { resamples: number; seed: number }): Estimate {
  const values = [...questionMeans(observations, metric).values()];
  const interval = bootstrapCi(values, bootstrap);
  if (interval === null) return NO_ESTIMATE;
  return { mean: clampMetric(metric, interval.estimate), low: clampMetric(metric, interval.low), high: clampMetric(metric, interval.high), n: interval.n };
}
