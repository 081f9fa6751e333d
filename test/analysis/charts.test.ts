/** The four study charts, rendered to SVG in Node: valid documents with the marks their data asks for. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accuracyCostChart } from '../../src/analysis/charts/accuracy-cost-chart.js';
import { cfByRoundChart } from '../../src/analysis/charts/cf-by-round-chart.js';
import { consistencyQuadrantChart } from '../../src/analysis/charts/consistency-quadrant-chart.js';
import { failureModeChart } from '../../src/analysis/charts/failure-mode-chart.js';
import { renderChart } from '../../src/analysis/charts/render-chart.js';
import { NO_ESTIMATE, type Estimate } from '../../src/analysis/estimates.js';
import type { ProtocolRow } from '../../src/analysis/protocol-table.js';
import { studyMetricKeys } from '../../src/analysis/study-metrics.js';
import { countMarks, parseSvg } from './svg-marks.js';

const estimate = (mean: number | null): Estimate => (mean === null ? NO_ESTIMATE : { mean, low: mean - 0.05, high: mean + 0.05, n: 20 });

/** Three protocols with every figure present (CF over three rounds, failure modes from an audit). */
function rows(overrides: Partial<Record<string, number | null>> = {}): ProtocolRow[] {
  return ['ni', 'wr', 'ra-cr'].map((protocol, index) => ({
    key: `${protocol}|fred|local`,
    label: protocol,
    protocol,
    dataset: 'fred',
    setup: 'local',
    runId: `run-${index}`,
    status: 'done',
    planned: 100,
    done: 100,
    failed: 0,
    pending: 0,
    estimates: Object.fromEntries(
      studyMetricKeys().map((metric) => {
        const values: Record<string, number | null> = { accuracy: 0.6 + 0.1 * index, tokens: 1200 * (index + 1), cost_usd: null, cara_hyb: 0.4 + 0.15 * index, cr: 0.1 - 0.03 * index, ...overrides };
        return [metric, estimate(values[metric] ?? null)];
      }),
    ) as ProtocolRow['estimates'],
    medians: {},
    audit: null,
    failureModes: { FM1: index, FM2: 1, FM3: 0, FM4: 2 - index, FM5: 0, FM6: 3 },
    cfByRound: index === 0 ? null : [0, 0.2 * index, 0.35 * index],
  }));
}

describe('study charts', () => {
  it('accuracy vs cost: a point, a CI rule and a label per protocol; tokens stand in for cost without prices', async () => {
    const chart = accuracyCostChart(rows());
    const svg = await renderChart(chart.spec!);
    assert.deepEqual(countMarks(parseSvg(svg)), { rule: 3, symbol: 3, text: 3 });
    assert.match(svg, /tokens per unit/);
    const priced = accuracyCostChart(rows({ cost_usd: 0.002 }));
    assert.match(await renderChart(priced.spec!), /cost per unit \(USD\)/);
  });

  it('CARA-HYB vs CR: a point and a label per protocol and the two mean lines of the quadrants', async () => {
    const svg = await renderChart(consistencyQuadrantChart(rows()).spec!);
    assert.deepEqual(countMarks(parseSvg(svg)), { rule: 2, symbol: 3, text: 3 });
    assert.match(svg, /contradiction rate \(CR\)/);
  });

  it('CF by round: one line per protocol with numeric forecasts, a point per round', async () => {
    const svg = await renderChart(cfByRoundChart(rows()).spec!);
    const marks = countMarks(parseSvg(svg));
    assert.equal(marks.line, 2, 'ni has no CF: two lines');
    assert.equal(marks.symbol, 6);
  });

  it('failure modes: one bar per mode and protocol', async () => {
    const svg = await renderChart(failureModeChart(rows()).spec!);
    assert.deepEqual(countMarks(parseSvg(svg)), { rect: 18 });
    for (const mode of ['FM1', 'FM6']) assert.ok(svg.includes(`>${mode}</text>`), mode);
  });

  it('says why a chart cannot be drawn instead of drawing an empty one', () => {
    const none = rows({ accuracy: null, cara_hyb: null }).map((row) => ({ ...row, cfByRound: null, failureModes: null }));
    for (const chart of [accuracyCostChart(none), consistencyQuadrantChart(none), cfByRoundChart(none), failureModeChart(none)]) {
      assert.equal(chart.spec, null);
      assert.ok((chart.skipped ?? '').length > 10, chart.id);
    }
  });

  it('renders self-contained SVG: no scripts, images or external references', async () => {
    const svg = await renderChart(consistencyQuadrantChart(rows()).spec!);
    assert.doesNotMatch(svg, /<script|<image|<foreignObject|href="http|url\(http/);
  });
});
