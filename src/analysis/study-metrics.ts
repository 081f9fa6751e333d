import { z } from 'zod';
import { metricNamed, registeredMetrics, requireMetric } from '../metrics/metric-registry.js';
import type { Metric } from '../spec/metric.js';

/**
 * A study metric: the key of any registered metric (`src/metrics/metric-registry.ts`),
 * as used in YAML (`comparisons.metrics`, hypotheses), JSON and CSV. Every
 * metric a run computes is one; keys follow DESIGN §6 (`cr` is the
 * contradiction rate, never the Cross-Round preset).
 */
export type StudyMetric = string;

/** The registered metric behind a study metric key (label, bounds, digits, binary). */
export function studyMetricInfo(key: StudyMetric): Metric {
  return requireMetric(key);
}

/** Every study metric key, in report order (built-ins, then plugins). */
export function studyMetricKeys(): StudyMetric[] {
  return registeredMetrics().map((metric) => metric.key);
}

/** A metric key in a study file: any registered metric; an unknown key lists the known ones. */
export const studyMetricSchema = z
  .string()
  .superRefine((key, context) => {
    if (metricNamed(key) === undefined) context.addIssue({ code: 'custom', message: `unknown metric "${key}"; known metrics: ${studyMetricKeys().join(', ')}` });
  })
  // the JSON Schema lists the built-in keys for editors; plugin metrics are valid too, so they are examples, not an enum
  .meta({ description: 'A registered metric key (docs/studies.md, "comparisons").', examples: studyMetricKeys() });
