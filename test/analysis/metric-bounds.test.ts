/**
 * Bounded metrics never print outside their definition: a unit's
 * CARA-HYB of 1.0000000000000002 (the cosine of identical unit vectors in
 * floating point) is 1, a mean difference of two such metrics stays within
 * ±2, and a value far outside its bounds is clamped too but reported. The
 * bounds are DESIGN §6's definitions: accuracy, agreement, CR, PRR, AD in
 * [0, 1]; CARA-HYB, SIM, CARA-GT in [−1, 1]; CF ≤ 1; counts and costs ≥ 0.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparisonTable } from '../../src/analysis/comparison-table.js';
import { clampMetric, clampMetricDifference } from '../../src/analysis/metric-bounds.js';
import { protocolTable } from '../../src/analysis/protocol-table.js';
import { studyReportOf } from '../../src/analysis/study-report.js';
import { unitObservation } from '../../src/analysis/unit-observations.js';
import type { AuditGroupSummary, AuditQuestionRecord } from '../../src/spec/audit-result.js';
import type { UnitRecord } from '../../src/spec/store.js';
import { unitSummary } from '../../src/testing/trace-fixtures.js';
import { STUDY_HEAD, syntheticStudy } from './synthetic-study.js';

const ONE_ULP_ABOVE_ONE = 1.0000000000000002;
const unit: UnitRecord = { id: 'u1', runId: 'r', questionId: 'q1', protocol: 'ni', seed: 1, status: 'done', summary: unitSummary(), finishedAt: '2026-01-01T00:00:00.000Z' };
const audited = (values: Partial<AuditQuestionRecord>) => ({ unitId: 'u1', eligible: true, caraHyb: 0.5, sim: 0.5, contradictionRate: 0, caraGt: null, ...values }) as unknown as AuditQuestionRecord;

describe('bounded metrics', () => {
  it('clamps each metric to its own bounds and each difference to what two bounded values can differ by', () => {
    assert.equal(clampMetric('cara_hyb', ONE_ULP_ABOVE_ONE), 1);
    assert.equal(clampMetric('sim', -ONE_ULP_ABOVE_ONE), -1);
    assert.equal(clampMetric('accuracy', -1e-17), 0);
    assert.equal(clampMetric('cr', 1 + 2e-16), 1);
    assert.equal(clampMetric('cf', -3.5), -3.5, 'CF is not bounded below');
    assert.equal(clampMetric('cf', ONE_ULP_ABOVE_ONE), 1);
    assert.equal(clampMetric('tokens', 1e9), 1e9);
    assert.equal(clampMetric('accuracy', null), null);
    assert.equal(clampMetricDifference('cara_hyb', 2.0000000000000004), 2);
    assert.equal(clampMetricDifference('accuracy', -1.0000000000000002), -1);
    assert.equal(clampMetricDifference('cf', 7), 7, 'CF differences are unbounded above: 1 − (−6)');
  });

  it("clamps a unit's audited values: 1.0000000000000002 is 1 (noise, no warning), 1.3 is 1 and flagged", () => {
    const noisy = unitObservation(unit, audited({ caraHyb: ONE_ULP_ABOVE_ONE, sim: ONE_ULP_ABOVE_ONE }))!;
    assert.deepEqual([noisy.values.cara_hyb, noisy.values.sim, noisy.outOfBounds], [1, 1, undefined]);
    const wrong = unitObservation(unit, audited({ sim: 1.3, contradictionRate: -0.2 }))!;
    assert.deepEqual([wrong.values.sim, wrong.values.cr, wrong.outOfBounds], [1, 0, ['sim', 'cr']]);
  });

  it("clamps the stored audit's corpus estimates and the comparisons' means, differences and CIs", () => {
    const data = syntheticStudy(`${STUDY_HEAD}protocols: [ni, du]\nseeds: [1]\ncomparisons: { metrics: [sim] }\n`, {
      // Observations built directly, as an older or foreign analysis path could: not clamped on the way in.
      du: { sim: [ONE_ULP_ABOVE_ONE, ONE_ULP_ABOVE_ONE, ONE_ULP_ABOVE_ONE] },
      ni: { sim: [-ONE_ULP_ABOVE_ONE, -ONE_ULP_ABOVE_ONE, -ONE_ULP_ABOVE_ONE] },
    });
    data.cells[0]!.auditGroup = { caraHyb: { mean: ONE_ULP_ABOVE_ONE, low: 0.9, high: ONE_ULP_ABOVE_ONE, n: 3 }, sim: { mean: null, low: null, high: null, n: 0 }, contradictionRate: { mean: -1e-17, low: -1e-17, high: 0, n: 3 }, caraGt: { mean: null, low: null, high: null, n: 0 }, failureModes: {} } as unknown as AuditGroupSummary;
    const [ni] = protocolTable(data);
    assert.deepEqual(ni!.estimates.cara_hyb, { mean: 1, low: 0.9, high: 1, n: 3 });
    assert.deepEqual(ni!.estimates.cr, { mean: 0, low: 0, high: 0, n: 3 });
    const [row] = comparisonTable(data).rows;
    assert.deepEqual([row!.meanTreatment, row!.meanControl, row!.meanDifference, row!.ciLow, row!.ciHigh], [1, -1, 2, 2, 2]);
  });

  it('warns in the report about values that were far outside their bounds', async () => {
    const data = syntheticStudy(`${STUDY_HEAD}protocols: [ni, du]\nseeds: [1]\ncomparisons: { metrics: [accuracy] }\n`, { ni: { accuracy: [1, 0] }, du: { accuracy: [1, 1] } });
    data.cells[1]!.observations[0]!.outOfBounds = ['sim'];
    const report = await studyReportOf(data);
    assert.ok(report.warnings.includes('du: 1 unit had SIM outside [-1, 1] by more than rounding; clamped to the bound (the metric is computed wrongly upstream)'), report.warnings.join('\n'));
  });
});
