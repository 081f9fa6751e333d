import type { Metric, MetricUnit } from '../spec/metric.js';
import { isBuiltInMetric, metricValue } from './metric-registry.js';

/** A plugin metric over a run's finished units, as `run` and `show` print it. */
export interface PluginMetricSummary {
  key: string;
  label: string;
  /** Where the plugin says the definition comes from. */
  source: string;
  /** Digits the plugin asks tables to show. */
  digits: number;
  /** Mean of the units' values, clamped to the metric's bounds; null when no unit has a value. */
  mean: number | null;
  /** Finished units with a value (the others are n/a: a need unmet or a value the definition leaves undefined). */
  units: number;
}

/**
 * The registered metrics that are not built in (a plugin's `registerMetric`)
 * and apply to at least one of `applicable`'s units: each one's mean over the
 * units that have a value. The mean is the study reports' per-cell estimate
 * (docs/studies.md), clamped to the metric's bounds like theirs.
 */
export function pluginMetricSummaries(applicable: readonly Metric[], units: readonly MetricUnit[]): PluginMetricSummary[] {
  return applicable
    .filter((metric) => !isBuiltInMetric(metric.key))
    .map((metric) => {
      const values = units.map((unit) => metricValue(metric, unit)).filter((value): value is number => value !== null);
      const [low, high] = metric.bounds;
      const mean = values.length === 0 ? null : Math.min(high, Math.max(low, values.reduce((sum, value) => sum + value, 0) / values.length));
      return { key: metric.key, label: metric.label, source: metric.source, digits: metric.digits, mean, units: values.length };
    });
}
