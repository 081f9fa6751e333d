/**
 * Differences of floating-point noise are ties. The bug reproduced here:
 * a study where every pair differs by −2.2e-16 (1 − 1.0000000000000002,
 * one ulp at 1 — what an unclamped cosine of identical vectors gives)
 * reported a Wilcoxon p of 0 with a significance star. The expected values
 * are by hand: with every |difference| ≤ 1e-12 the pairs are all ties, so
 * the mean difference and its CI are exactly 0, every test is undefined
 * ("all differences are zero"), the effect sizes are undefined and McNemar
 * sees no discordant pair (p = 1).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { comparisonTable } from '../../src/analysis/comparison-table.js';
import { comparePaired } from '../../src/analysis/paired-comparison.js';
import { pairedDifference, pairedDifferences, TIE_TOLERANCE } from '../../src/analysis/paired-differences.js';
import { comparisonReportTable } from '../../src/analysis/study-tables.js';
import { STUDY_HEAD, syntheticStudy } from './synthetic-study.js';

const ONE_ULP_ABOVE_ONE = 1.0000000000000002;

describe('paired statistics on floating-point noise', () => {
  it('a study where every pair differs by −2.2e-16 has no significant difference (the reported bug: Wilcoxon p = 0 with a star)', () => {
    const n = 200;
    const data = syntheticStudy(`${STUDY_HEAD}protocols: [ni, du]\nseeds: [1]\ncomparisons: { metrics: [sim] }\n`, {
      ni: { sim: Array.from({ length: n }, () => ONE_ULP_ABOVE_ONE) },
      du: { sim: Array.from({ length: n }, () => 1) },
    });
    const [row] = comparisonTable(data).rows;
    assert.ok(row !== undefined);
    assert.equal(row.n, n);
    assert.equal(row.meanDifference, 0);
    assert.deepEqual([row.ciLow, row.ciHigh], [0, 0]);
    assert.equal(row.pWilcoxon, null);
    assert.equal(row.pT, null);
    assert.equal(row.zeros, n);
    assert.equal(row.dz, null);
    assert.deepEqual(row.notes, ['t test: all differences are zero', 'Wilcoxon: all differences are zero']);
    const table = comparisonReportTable(comparisonTable(data).rows, 0.05, false, false);
    assert.ok(!table.cells[0]!.some((cell) => cell.includes('*')), `no star: ${table.cells[0]!.join(' | ')}`);
  });

  it('treats every |difference| ≤ 1e-12 as zero in every paired statistic', () => {
    // 0.1 + 0.2 = 0.30000000000000004: the classic one-ulp residue; 0.7 + 5e-13 − 0.7 is still a tie, 0.5 + 1e-11 − 0.5 (1.00000008e-11) is not.
    const a = [0.1 + 0.2, 0.3, 0.7 + 5e-13, 0.4, 0.5 + 1e-11];
    const b = [0.3, 0.1 + 0.2, 0.7, 0.4, 0.5];
    const result = comparePaired(a, b, { bootstrap: { resamples: 200, seed: 1 } });
    assert.equal(result.n, 5);
    // One real difference (1e-11) among four ties: Wilcoxon ranks one pair, V = 1; the t test sees d = (0, 0, 0, 0, 1e-11).
    assert.ok(!('undefined' in result.wilcoxon));
    assert.equal(result.wilcoxon.n, 1);
    assert.equal(result.wilcoxon.zeros, 4);
    assert.equal(result.wilcoxon.v, 1);
    assert.ok(Math.abs(result.meanDifference! - 2e-12) < 1e-16, String(result.meanDifference));
  });

  it('counts binary outcomes within 1e-12 of each other as concordant for McNemar', () => {
    const result = comparePaired([1, 0, 1, 1], [1, 0, 1, 1], { binary: true });
    assert.deepEqual([result.mcnemar?.b, result.mcnemar?.c, result.mcnemar?.p], [0, 0, 1]);
  });

  it('gives tied ranks to |differences| within 1e-12 of each other', () => {
    // d = 0.1, 0.30000000000000004 − 0.2 = 0.10000000000000003, −0.2, 0.3: the first two tie (ranks 1.5, 1.5), so V = 1.5 + 1.5 + 4 = 7
    // and the test cannot be exact (ties) — hand computation; R gives the same V for c(0.1, 0.1, -0.2, 0.3).
    const result = comparePaired([0.1, 0.1 + 0.2, 0, 0.3], [0, 0.2, 0.2, 0]);
    assert.ok(!('undefined' in result.wilcoxon));
    assert.equal(result.wilcoxon.v, 7);
    assert.equal(result.wilcoxon.ties, true);
    assert.equal(result.wilcoxon.method, 'normal');
  });

  it('forms paired differences once: zero within 1e-12, near-equal magnitudes grouped from the smallest up without chaining', () => {
    assert.equal(TIE_TOLERANCE, 1e-12);
    assert.equal(pairedDifference(1e-12, 0), 0, 'the tolerance itself is a tie');
    assert.equal(pairedDifference(0, 2e-12), -2e-12);
    assert.equal(pairedDifference(1, ONE_ULP_ABOVE_ONE), 0);
    // 0.5, 0.5 + 0.6e-12, 0.5 + 1.2e-12: the first two group (0.6e-12 apart); the third is 1.2e-12 from the group's start, so it starts a new group.
    const d = pairedDifferences([0.5, 0.5 + 0.6e-12, -(0.5 + 1.2e-12), 3], [0, 0, 0, 3]);
    assert.deepEqual(d, [0.5, 0.5, -(0.5 + 1.2e-12), 0]);
    assert.throws(() => pairedDifferences([1], [1, 2]), RangeError);
  });
});

describe('p-values below double precision', () => {
  it('print as R prints them (< 2.2e-16), never as 0', async () => {
    const { formatP } = await import('../../src/analysis/format-number.js');
    // 200 pairs that really differ (d = 1…200, all positive): SciPy 1.17 wilcoxon(method='approx', correction=True) gives
    // p = 1.447e-34; the library computes 2·(1 − Φ(|z|)), which underflows to 0 — a real effect, shown as R shows it.
    const result = comparePaired(Array.from({ length: 200 }, (_, index) => index + 1), Array.from({ length: 200 }, () => 0));
    assert.ok(!('undefined' in result.wilcoxon));
    assert.equal(result.wilcoxon.p, 0);
    assert.equal(formatP(result.wilcoxon.p), '< 2.2e-16');
    assert.equal(formatP(0), '< 2.2e-16');
    assert.equal(formatP(3.1e-5), '3.10e-5');
    assert.equal(formatP(0.03142), '0.03142');
  });
});
