import { studyMetricInfo, type StudyMetric } from './study-metrics.js';

/**
 * How far beyond its bound a value may lie and still be rounding noise (a
 * cosine of identical unit vectors is 1.0000000000000002; a mean of bounded
 * values can carry a few ulps). Values further out are clamped as well, so
 * nothing prints outside the definition, but the report warns about them:
 * they mean a metric is computed wrongly upstream.
 */
export const BOUND_NOISE = 1e-9;

/** `value` clamped to `[low, high]`; null stays null. */
export function clampTo<T extends number | null>(value: T, [low, high]: readonly [number, number]): T {
  if (value === null) return value;
  return Math.min(high, Math.max(low, value)) as T;
}

/** A value of `metric` clamped to the interval its definition bounds it to (the registered metric's `bounds`). */
export function clampMetric<T extends number | null>(metric: StudyMetric, value: T): T {
  return clampTo(value, studyMetricInfo(metric).bounds);
}

/** Whether a value lies beyond its metric's bounds by more than rounding noise. */
export function beyondBounds(metric: StudyMetric, value: number): boolean {
  const [low, high] = studyMetricInfo(metric).bounds;
  return value < low - BOUND_NOISE || value > high + BOUND_NOISE;
}

/**
 * A difference of two values of `metric` (or its mean, or a CI bound of it)
 * clamped to what two bounded values can differ by: [low − high, high −
 * low] — ±1 for accuracy, ±2 for CARA-HYB; unbounded metrics stay unbounded.
 */
export function clampMetricDifference<T extends number | null>(metric: StudyMetric, value: T): T {
  const [low, high] = studyMetricInfo(metric).bounds;
  return clampTo(value, [low - high, high - low]);
}
