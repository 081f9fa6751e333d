/**
 * The plugin metric lines of `run` and `show`: the mean over the units that
 * have a value, clamped to the metric's bounds, and only for metrics that
 * are not built in. Expected means are computed by hand from the values
 * the test metrics return.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defineMetric, requireMetric } from '../../src/metrics/metric-registry.js';
import { pluginMetricSummaries } from '../../src/metrics/plugin-metric-summary.js';
import type { MetricUnit } from '../../src/spec/metric.js';
import { unitSummary } from '../../src/testing/trace-fixtures.js';

const units: MetricUnit[] = [
  { unitId: 'u1', summary: unitSummary({ latencyMs: 100 }) },
  { unitId: 'u2', summary: unitSummary({ latencyMs: 400 }) },
  { unitId: 'u3', summary: unitSummary({ latencyMs: 0 }) },
];
const byLatency = (key: string, value: (latency: number) => number | null, bounds: [number, number] = [0, Infinity]) =>
  defineMetric({ key, label: key, source: 'test', needs: [], bounds, binary: false, digits: 2, value: (unit) => value(unit.summary.latencyMs) });

describe('pluginMetricSummaries', () => {
  it('averages the units that have a value: (100 + 400) / 2 = 250, the null unit is left out', () => {
    const [summary] = pluginMetricSummaries([byLatency('plugin_latency', (latency) => (latency === 0 ? null : latency))], units);
    assert.deepEqual(summary, { key: 'plugin_latency', label: 'plugin_latency', source: 'test', digits: 2, mean: 250, units: 2 });
  });

  it('clamps the mean to the bounds, as the study reports do: (1 + 4 + 0) / 3 = 5/3 shown as 1 with bounds [0, 1]', () => {
    const [summary] = pluginMetricSummaries([byLatency('plugin_share', (latency) => latency / 100, [0, 1])], units);
    assert.equal(summary?.mean, 1);
    assert.equal(summary?.units, 3);
  });

  it('is null with no value on any unit, and leaves the built-in metrics to their own lines', () => {
    const summaries = pluginMetricSummaries([byLatency('plugin_none', () => null), requireMetric('accuracy'), requireMetric('latency_ms')], units);
    assert.deepEqual(summaries.map(({ key, mean, units: count }) => ({ key, mean, count })), [{ key: 'plugin_none', mean: null, count: 0 }]);
  });
});
