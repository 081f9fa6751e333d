/**
 * Declared hypotheses and families, from a study file to the report: the
 * protocol paper's design — H1 "WR > CR on PRR" and H2 "RA-CR > CR on CF",
 * one-sided, one Bonferroni family. Expected values by hand, each
 * cross-checked with SciPy 1.17 as noted (never taken from quorum):
 *
 * H1, PRR wr − cr per question: 0.3, 0.2, −0.1, 0.4, 0.4, 0.4, 0, 0.4 (in
 * floating point two of the 0.4s are 0.39999999999999997: ties only under
 * the 1e-12 rule). The zero is dropped; |d| ranks 1 (0.1), 2 (0.2), 3 (0.3),
 * 5.5 × 4 (0.4), so V = 2 + 3 + 4 · 5.5 = 27. Normal approximation (zero,
 * ties): mean 7·8/4 = 14, variance 7·8·15/24 − (4³ − 4)/48 = 33.75,
 * z = (27 − 14 − ½)/√33.75 = 2.15166, p = 1 − Φ(z) = 0.015712173260891242
 * (SciPy `wilcoxon(d, zero_method='wilcox', correction=True,
 * alternative='greater', method='approx')`; on the raw floating-point
 * differences SciPy gives 0.016983, the noise changes the ties).
 *
 * H2, CF ra-cr − cr: 0.1, 0.2, 0.3, −0.05, 0.45, 0.6, 0.35, 0.15: no ties or
 * zeros, exact; the only negative has rank 1, V = 36 − 1 = 35, and only 2 of
 * the 2^8 sign patterns reach V ≥ 35 ({}, {1} negative): p = 2/256 =
 * 0.0078125 (SciPy `wilcoxon(d, alternative='greater', method='exact')`).
 *
 * Bonferroni, m = 2: 0.031424346521782484 and 0.015625. Holm, m = 2:
 * 2 · 0.0078125 = 0.015625, then max(0.015625, 0.015712…) = 0.015712….
 *
 * H3, accuracy wr − cr: b = 3 (only wr right), c = 0; McNemar greater =
 * binom.test(3, 3, alternative = 'greater') = 1/8.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hypothesisResults } from '../../src/analysis/hypothesis-results.js';
import { hypothesisReportTable } from '../../src/analysis/hypothesis-report-table.js';
import { tableCsv } from '../../src/analysis/report-table.js';
import { STUDY_HEAD, syntheticStudy, type SyntheticValues } from './synthetic-study.js';

const H1_P = 0.015712173260891242;
const H2_P = 0.0078125;

const VALUES: SyntheticValues = {
  cr: { prr: [0.2, 0.4, 0.5, 0.3, 0.1, 0.4, 0.3, 0.2], cf: [0.5, 0.5, 0.4, 0.8, 0.3, 0.2, 0.5, 0.6], accuracy: [0, 0, 0, 1, 1, 1, 1, 1] },
  wr: { prr: [0.5, 0.6, 0.4, 0.7, 0.5, 0.8, 0.3, 0.6], cf: [0.5, 0.5, 0.4, 0.8, 0.3, 0.2, 0.5, 0.6], accuracy: [1, 1, 1, 1, 1, 1, 1, 1] },
  'ra-cr': { prr: [0.2, 0.4, 0.5, 0.3, 0.1, 0.4, 0.3, 0.2], cf: [0.6, 0.7, 0.7, 0.75, 0.75, 0.8, 0.85, 0.75], accuracy: [0, 0, 0, 1, 1, 1, 1, 1] },
};

function study(hypotheses: string): ReturnType<typeof syntheticStudy> {
  return syntheticStudy(`${STUDY_HEAD}protocols: [cr, wr, ra-cr]\nseeds: [1]\n${hypotheses}`, VALUES);
}

const PAPER = `hypotheses:
  - { id: H1, description: "WR references peers more than CR", metric: prr, treatment: wr, control: cr }
  - { id: H2, metric: cf, treatment: ra-cr, control: cr }
  - { id: H3, metric: accuracy, treatment: wr, control: cr, alternative: greater }
families:
  - { name: protocol-paper, correction: bonferroni, alternative: greater, members: [H1, H2] }
`;

const near = (actual: number | null | undefined, expected: number, what: string, tolerance = 1e-12) =>
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) <= tolerance, `${what}: expected ${expected}, got ${actual}`);

describe('declared hypotheses', () => {
  it("tests the protocol paper's H1 and H2 one-sided as one Bonferroni family", () => {
    const [h1, h2, h3] = hypothesisResults(study(PAPER));
    assert.deepEqual([h1!.id, h1!.alternative, h1!.test, h1!.family, h1!.correction, h1!.familySize], ['H1', 'greater', 'wilcoxon', 'protocol-paper', 'bonferroni', 2]);
    assert.equal(h1!.description, 'WR references peers more than CR');
    assert.equal(h1!.n, 8);
    assert.ok('v' in h1!.result && h1!.result.v === 27 && h1!.result.method === 'normal' && h1!.result.zeros === 1);
    near(h1!.p, H1_P, 'H1 p');
    near(h1!.pAdjusted, 2 * H1_P, 'H1 Bonferroni');
    assert.ok('v' in h2!.result && h2!.result.v === 35 && h2!.result.method === 'exact');
    near(h2!.p, H2_P, 'H2 p');
    near(h2!.pAdjusted, 2 * H2_P, 'H2 Bonferroni');
    assert.deepEqual([h1!.rejected, h2!.rejected, h1!.alpha], [true, true, 0.05]);
    near(h2!.meanDifference, (0.1 + 0.2 + 0.3 - 0.05 + 0.45 + 0.6 + 0.35 + 0.15) / 8, 'H2 Δ', 1e-12);
  });

  it('tests a hypothesis outside any family uncorrected, with McNemar by default for a 0/1 metric', () => {
    const h3 = hypothesisResults(study(PAPER))[2]!;
    assert.deepEqual([h3.test, h3.family, h3.correction, h3.familySize], ['mcnemar', null, null, 1]);
    assert.ok('b' in h3.result && h3.result.b === 3 && h3.result.c === 0);
    near(h3.p, 1 / 8, 'binom.test(3, 3, alternative = "greater")');
    assert.equal(h3.pAdjusted, h3.p);
    assert.equal(h3.rejected, false);
  });

  it("uses Holm when the family says so, and the family's α", () => {
    const results = hypothesisResults(study(PAPER.replace('correction: bonferroni,', 'correction: holm, alpha: 0.01,')));
    near(results[1]!.pAdjusted, 2 * H2_P, 'Holm: smallest p × 2');
    near(results[0]!.pAdjusted, H1_P, 'Holm: next p × 1 (already above the running maximum)');
    assert.deepEqual(results.slice(0, 2).map((result) => [result.alpha, result.rejected]), [[0.01, false], [0.01, false]]);
  });

  it('keeps an untested member in the family size (its p counts as 1) and says why it is untested', () => {
    const yaml = PAPER.replace('members: [H1, H2]', 'members: [H1, H2, H4]').replace('families:', '  - { id: H4, metric: cara_hyb, treatment: wr, control: cr }\nfamilies:');
    const results = hypothesisResults(study(yaml));
    const h4 = results.find((result) => result.id === 'H4')!;
    assert.deepEqual([h4.p, h4.pAdjusted, h4.rejected, h4.familySize], [null, null, false, 3]);
    assert.deepEqual(h4.notes, ['no pairs with a CARA-HYB value under both protocols']);
    near(results[0]!.pAdjusted, 3 * H1_P, 'H1 Bonferroni with m = 3');
  });

  it('turns the results into a table with the claim, test, family and decision, and a CSV with raw values', () => {
    const table = hypothesisReportTable(hypothesisResults(study(PAPER)), false, false);
    assert.equal(table.id, 'hypotheses');
    assert.deepEqual(table.headers, ['hypothesis', 'claim', 'n pairs', 'Δ [95% CI]', 'test', 'p', 'family (correction, m)', 'p adjusted', 'decision', 'notes']);
    const [h1, , h3] = table.cells;
    assert.equal(h1![1], 'wr > cr on PRR');
    assert.equal(h1![4], 'Wilcoxon, V = 27 (normal)');
    assert.equal(h1![5], '0.01571');
    assert.equal(h1![6], 'protocol-paper (Bonferroni, 2)');
    assert.equal(h1![7], '0.03142');
    assert.equal(h1![8], 'H0 rejected at α = 0.05');
    assert.equal(h3![4], 'McNemar, b/c = 3/0 (exact)');
    assert.equal(h3![6], 'none');
    assert.equal(h3![8], 'H0 kept at α = 0.05');
    const csv = tableCsv(table).split('\r\n');
    assert.equal(csv[0], 'id,description,metric,treatment,control,alternative,n,mean_difference,ci_low,ci_high,test,statistic,p,family,correction,family_size,p_adjusted,alpha,rejected,notes');
    assert.ok(csv[1]!.startsWith(`H1,WR references peers more than CR,prr,wr,cr,greater,8,`), csv[1]);
    const fields = csv[1]!.split(',');
    near(Number(fields[12]), H1_P, 'p at full precision');
    assert.deepEqual(fields.slice(13, 16), ['protocol-paper', 'bonferroni', '2']);
    near(Number(fields[16]), 2 * H1_P, 'adjusted p at full precision');
    assert.deepEqual(fields.slice(17, 19), ['0.05', 'true']);
  });

  it('applies a one-sided alternative of a comparison pair to every test of its row', async () => {
    const { comparisonTable } = await import('../../src/analysis/comparison-table.js');
    const data = study('comparisons: { baseline: cr, correction: bonferroni, metrics: [prr], pairs: [{ treatment: wr, control: cr, alternative: greater }] }\n');
    const [wr, raCr] = comparisonTable(data).rows;
    assert.deepEqual([wr!.treatment, wr!.alternative, wr!.correction], ['wr', 'greater', 'bonferroni']);
    near(wr!.pWilcoxon, H1_P, 'same Wilcoxon p as H1');
    assert.deepEqual([raCr!.treatment, raCr!.alternative], ['ra-cr', 'two-sided']);
    // ra-cr and cr have the same PRR: the Wilcoxon test is undefined and stays out of the Bonferroni family (m = 1).
    assert.equal(raCr!.pWilcoxon, null);
    near(wr!.pWilcoxonAdjusted, H1_P, 'Bonferroni over one defined test');
    const { comparisonReportTable } = await import('../../src/analysis/study-tables.js');
    const table = comparisonReportTable(comparisonTable(data).rows, 0.05, false, false);
    assert.deepEqual(table.cells.map((row) => row[1]), ['wr − cr (one-sided: > 0)', 'ra-cr − cr (two-sided)']);
    assert.equal(table.headers[8], 'p W (Bonferroni)');
    assert.equal(table.cells[0]![8], '0.01571 (0.01571) *');
  });

  it('reads a study stored before hypotheses and corrections existed as two-sided, Holm, without hypotheses', async () => {
    const { comparisonTable } = await import('../../src/analysis/comparison-table.js');
    const data = study('comparisons: { baseline: cr, metrics: [prr] }\n');
    const stored = data.config.file as unknown as Record<string, unknown>;
    delete stored['hypotheses'];
    delete stored['families'];
    data.config.file.comparisons.pairs = [['wr', 'ra-cr']];
    assert.deepEqual(hypothesisResults(data), []);
    const rows = comparisonTable(data).rows;
    assert.deepEqual(rows.map((row) => [row.treatment, row.control, row.alternative, row.correction]), [['wr', 'cr', 'two-sided', 'holm'], ['ra-cr', 'cr', 'two-sided', 'holm'], ['wr', 'ra-cr', 'two-sided', 'holm']]);
  });
});
