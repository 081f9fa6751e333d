import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metricValue, requireMetric } from '../../src/metrics/metric-registry.js';
import { summarizeUnit } from '../../src/metrics/summarize-unit.js';
import { wallLatencyMs } from '../../src/metrics/wall-latency.js';
import type { TraceEvent } from '../../src/spec/trace.js';
import { finalBody, traceEvents, turnBody, unitSummary, voteBody } from '../../src/testing/trace-fixtures.js';

// Two agents' calls overlap: A returns at 10:00:01.000 after 1,000 ms (started at .000), B returns at
// 10:00:01.500 after 800 ms (started at 00.700). Wall time: 00.000 → 01.500 = 1,500 ms; summed call time 1,800 ms.
function overlappingCalls(): TraceEvent[] {
  const [a] = traceEvents([turnBody({ agent: 'Agent A', latencyMs: 1000 })], '2026-01-01T10:00:01.000Z');
  const [b] = traceEvents([turnBody({ agent: 'Agent B', latencyMs: 800 })], '2026-01-01T10:00:01.500Z');
  // a vote is no model call: its stamp (later than both) does not stretch the wall time
  const rest = traceEvents([voteBody(), finalBody()], '2026-01-01T10:00:09.000Z');
  return [a!, b!, ...rest];
}

describe('wall latency (wall_ms)', () => {
  it('runs from the first call start to the last call end', () => {
    assert.equal(wallLatencyMs(overlappingCalls()), 1500);
    assert.equal(wallLatencyMs(traceEvents([finalBody()])), null, 'no timed call');
  });

  it('is recorded in the summary, and the metric reads it from there (no events needed)', () => {
    const summary = summarizeUnit(overlappingCalls());
    assert.equal(summary.wallMs, 1500);
    assert.equal(summary.latencyMs, 1800);
    const metric = requireMetric('wall_ms');
    assert.deepEqual(metric.needs, []);
    assert.equal(metricValue(metric, { unitId: 'u', summary }), 1500);
  });

  it('reads the events of a summary written before wallMs, and is n/a without them', () => {
    const metric = requireMetric('wall_ms');
    const older = unitSummary();
    assert.equal(older.wallMs, undefined);
    assert.equal(metricValue(metric, { unitId: 'u', summary: older, events: overlappingCalls() }), 1500);
    assert.equal(metricValue(metric, { unitId: 'u', summary: older }), null);
  });
});
