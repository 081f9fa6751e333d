/**
 * Every statistic checked against published values. Where the reference is
 * R, the call is given; those values were also recomputed with SciPy 1.17
 * (`ttest_rel`, `wilcoxon`, `binomtest`, `chi2.sf`) and agree to the digits
 * cited. One-sided values: R's documented `?wilcox.test` example, halves of
 * two-sided values where the statistic is symmetric, hand counts of the
 * binomial and signed-rank distributions, each cross-checked with SciPy 1.17
 * as noted. docs/studies.md ("Validation") lists the same table.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chiSquareSurvival, logGamma } from '../../src/analysis/chi-square-survival.js';
import { sampleSd } from '../../src/analysis/descriptive.js';
import { pairedDifferences as differences } from '../../src/analysis/paired-differences.js';
import { cohensDav, cohensDz } from '../../src/analysis/effect-size.js';
import { bonferroniAdjust, holmAdjust } from '../../src/analysis/adjust-p-values.js';
import { binomialCdfHalf, binomialTwoSidedHalf, mcnemarTest } from '../../src/analysis/mcnemar-test.js';
import { adjustPValues } from '../../src/analysis/adjust-p-values.js';
import { comparePaired, pValueOf } from '../../src/analysis/paired-comparison.js';
import { pairedTTest } from '../../src/analysis/paired-t-test.js';
import { wilcoxonSignedRank } from '../../src/analysis/wilcoxon-signed-rank.js';

/** Asserts |actual − expected| ≤ tolerance. */
function near(actual: number | null | undefined, expected: number, tolerance: number, what = ''): void {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) <= tolerance, `${what}: expected ${expected} ± ${tolerance}, got ${actual}`);
}

// Student (1908) / Cushny & Peebles: R's `sleep` data set, extra hours of sleep under drug 1 and drug 2 (same 10 patients).
const SLEEP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const SLEEP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

// Hollander & Wolfe (1973), p. 29: depression scale before (x) and after (y) tranquilizer; R's ?wilcox.test example.
const HW_X = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
const HW_Y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];

// Lakens (2013), Frontiers in Psychology 4:863, Table 1: ratings of two movies by the same 10 people.
const MOVIE_1 = [9, 7, 8, 9, 8, 9, 9, 10, 9, 9];
const MOVIE_2 = [9, 6, 7, 8, 7, 9, 8, 8, 8, 7];

describe('paired t test (@stdlib/stats-ttest)', () => {
  it('matches R t.test(extra[group == 1], extra[group == 2], paired = TRUE) on sleep: t = -4.0621, df = 9, p = 0.002833, CI -2.4599 … -0.7001', () => {
    const result = pairedTTest(differences(SLEEP_1, SLEEP_2));
    assert.ok(!('undefined' in result));
    near(result.t, -4.0621, 5e-5, 't');
    assert.equal(result.df, 9);
    near(result.p, 0.002833, 5e-7, 'p');
    near(result.ci[0], -2.4598858, 1e-6, 'ci low');
    near(result.ci[1], -0.7001142, 1e-6, 'ci high');
  });

  it('matches Lakens (2013): t(9) = 4.74, p = .001', () => {
    const result = pairedTTest(differences(MOVIE_1, MOVIE_2));
    assert.ok(!('undefined' in result));
    near(result.t, 4.7434, 5e-5, 't');
    near(result.p, 0.00105, 5e-6, 'p');
  });

  it("one-sided on sleep: R t.test(…, paired = TRUE, alternative = 'less') p = 0.001416 (half the two-sided p: t is symmetric), 'greater' p = 0.998584", () => {
    // SciPy 1.17 ttest_rel(x, y, alternative='less'): 0.0014164450986921364; 'greater': 0.9985835549013079.
    const less = pairedTTest(differences(SLEEP_1, SLEEP_2), 'less');
    const greater = pairedTTest(differences(SLEEP_1, SLEEP_2), 'greater');
    assert.ok(!('undefined' in less) && !('undefined' in greater));
    near(less.t, -4.0621277, 1e-6, 't');
    near(less.p, 0.0014164450986921364, 1e-12, 'p less');
    near(greater.p, 0.9985835549013079, 1e-12, 'p greater');
    assert.equal(less.alternative, 'less');
    assert.equal(less.ci[0], Number.NEGATIVE_INFINITY, 'one-sided bound');
  });

  it('is undefined (not p = 0 or 1) without spread or pairs', () => {
    assert.deepEqual(pairedTTest([0, 0, 0]), { undefined: 'all differences are zero' });
    assert.deepEqual(pairedTTest([1, 1, 1]), { undefined: 'all differences are equal (no spread)' });
    assert.deepEqual(pairedTTest([1]), { undefined: 'fewer than two pairs' });
  });
});

describe('Wilcoxon signed-rank (@stdlib/stats-wilcoxon)', () => {
  it('matches R wilcox.test(x, y, paired = TRUE) on Hollander & Wolfe: V = 40, exact p = 0.03906 (0.01953 one-sided)', () => {
    const result = wilcoxonSignedRank(differences(HW_X, HW_Y));
    assert.ok(!('undefined' in result));
    assert.equal(result.v, 40);
    assert.equal(result.method, 'exact');
    near(result.p, 0.0390625, 1e-9, 'p');
  });

  it("one-sided: R's ?wilcox.test example wilcox.test(x, y, paired = TRUE, alternative = 'greater') on Hollander & Wolfe: V = 40, p = 0.01953", () => {
    const greater = wilcoxonSignedRank(differences(HW_X, HW_Y), 'greater');
    const less = wilcoxonSignedRank(differences(HW_X, HW_Y), 'less');
    assert.ok(!('undefined' in greater) && !('undefined' in less));
    assert.equal(greater.v, 40);
    near(greater.p, 0.01953125, 1e-12, 'p greater (10 of the 512 sign patterns of ranks 1…9 have V ≥ 40: counted)');
    // SciPy 1.17 wilcoxon(x, y, alternative='less', method='exact'): 0.986328125 = 1 − P(V ≥ 41) = 1 − 7/512 (counted).
    near(less.p, 0.986328125, 1e-12, 'p less');
  });

  it("one-sided normal approximation on sleep: continuity correction toward the alternative, as R (p 'less' = 0.004545, half the two-sided p)", () => {
    // SciPy 1.17 wilcoxon(d, zero_method='wilcox', correction=True, method='approx'): less 0.004545349007962522, greater 0.9968062667242578.
    const less = wilcoxonSignedRank(differences(SLEEP_1, SLEEP_2), 'less');
    const greater = wilcoxonSignedRank(differences(SLEEP_1, SLEEP_2), 'greater');
    assert.ok(!('undefined' in less) && !('undefined' in greater));
    near(less.p, 0.004545349007962522, 1e-12, 'p less');
    near(greater.p, 0.9968062667242578, 1e-12, 'p greater');
  });

  it('matches R wilcox.test on sleep (a zero and a tie): V = 0, normal approximation p = 0.009091', () => {
    const result = wilcoxonSignedRank(differences(SLEEP_1, SLEEP_2));
    assert.ok(!('undefined' in result));
    assert.equal(result.v, 0);
    assert.equal(result.method, 'normal');
    assert.equal(result.zeros, 1);
    assert.equal(result.n, 9);
    assert.equal(result.ties, true);
    near(result.p, 0.009091, 5e-7, 'p');
  });

  it('differs from R at exactly 50 pairs without ties: exact (library) where R approximates', () => {
    // d = ±1…±50, every third negative: V = 867. SciPy 1.17: exact p = 0.026167, normal with continuity correction p = 0.027063 (R's choice at n = 50).
    const result = wilcoxonSignedRank(Array.from({ length: 50 }, (_, index) => (index + 1) * ((index + 1) % 3 === 0 ? -1 : 1)));
    assert.ok(!('undefined' in result));
    assert.equal(result.v, 867);
    assert.equal(result.method, 'exact');
    near(result.p, 0.02616696817119646, 1e-9, 'exact p');
  });

  it('is undefined when every difference is zero', () => {
    assert.deepEqual(wilcoxonSignedRank([0, 0, 0, 0]), { undefined: 'all differences are zero' });
    assert.deepEqual(wilcoxonSignedRank([]), { undefined: 'no pairs' });
  });
});

describe("Cohen's d_z and d_av", () => {
  it('matches Lakens (2013) worked example: d_z = 1.50, d_av = 1.13', () => {
    near(cohensDz(differences(MOVIE_1, MOVIE_2)), 1.5, 1e-12, 'd_z');
    near(cohensDav(MOVIE_1, MOVIE_2), 1.1287, 5e-5, 'd_av');
  });

  it('equals t / √n of the paired t test (sleep: -4.0621 / √10 = -1.2845)', () => {
    near(cohensDz(differences(SLEEP_1, SLEEP_2)), -4.062128 / Math.sqrt(10), 1e-6, 'd_z');
    near(sampleSd(differences(SLEEP_1, SLEEP_2)), 1.229995, 1e-6, 'sd of differences (R: sd(extra[1:10] - extra[11:20]))');
  });

  it('is null when undefined', () => {
    assert.equal(cohensDz([0.5, 0.5]), null);
    assert.equal(cohensDz([1]), null);
    assert.equal(cohensDav([1, 1], [1, 1]), null);
  });
});

describe('McNemar', () => {
  // Agresti (2007), An Introduction to Categorical Data Analysis, 2nd ed., Table 8.1 (Agresti 1990, p. 350):
  // presidential approval of 1600 people in two surveys; 150 approve → disapprove, 86 disapprove → approve.
  it("matches R mcnemar.test on Agresti's approval table: χ² = 16.818 (continuity corrected), p = 4.115e-05", () => {
    const result = mcnemarTest({ onlyA: 150, onlyB: 86 });
    assert.equal(result.method, 'chi-square-corrected');
    near(result.statistic, 16.8178, 5e-5, 'χ²');
    near(result.p, 4.1146e-5, 5e-9, 'p');
  });

  it("matches Agresti's z = -4.17 (z² = 17.356) and R mcnemar.test(correct = FALSE): p = 3.099e-05", () => {
    const result = mcnemarTest({ onlyA: 86, onlyB: 150 }, 'chi-square');
    near(Math.sqrt(result.statistic!), 4.17, 5e-3, '|z|');
    near(result.statistic, 17.3559, 5e-5, 'χ²');
    near(result.p, 3.0993e-5, 5e-9, 'p');
  });

  it('uses the exact binomial test below 25 discordant pairs: R binom.test(2, 12) p = 0.03857', () => {
    const result = mcnemarTest({ onlyA: 10, onlyB: 2 });
    assert.equal(result.method, 'exact');
    assert.equal(result.statistic, null);
    near(result.p, 0.03857421875, 1e-12, 'p');
    near(binomialTwoSidedHalf(0, 5), 0.0625, 1e-15, 'binom.test(0, 5)');
    assert.equal(binomialTwoSidedHalf(5, 10), 1, 'binom.test(5, 10) = 1');
    near(binomialTwoSidedHalf(3, 9), 0.5078125, 1e-12, 'binom.test(3, 9)');
  });

  it("one-sided is the exact binomial test in either direction: R binom.test(10, 12, alternative = 'greater') = 79/4096, 'less' = 4083/4096", () => {
    // By hand: P(X ≥ 10 | 12, ½) = (C(12,10) + C(12,11) + C(12,12)) / 2^12 = (66 + 12 + 1) / 4096; P(X ≤ 10) = 1 − (12 + 1) / 4096. SciPy binomtest agrees.
    const greater = mcnemarTest({ onlyA: 10, onlyB: 2 }, 'auto', 'greater');
    assert.deepEqual([greater.method, greater.alternative], ['exact', 'greater']);
    near(greater.p, 79 / 4096, 1e-15, 'greater');
    near(mcnemarTest({ onlyA: 10, onlyB: 2 }, 'auto', 'less').p, 4083 / 4096, 1e-15, 'less');
    // Agresti's 236 discordant pairs: two-sided uses χ², one-sided stays exact. SciPy 1.17 binomtest(150, 236, alternative='greater'): 1.8579680697856933e-05.
    const large = mcnemarTest({ onlyA: 150, onlyB: 86 }, 'auto', 'greater');
    assert.equal(large.method, 'exact');
    near(large.p / 1.8579680697856933e-5, 1, 1e-10, 'relative');
    assert.throws(() => mcnemarTest({ onlyA: 1, onlyB: 2 }, 'chi-square', 'less'), RangeError);
    near(binomialCdfHalf(3, 3), 1, 0, 'P(X ≤ n) = 1');
    near(binomialCdfHalf(0, 3), 0.125, 1e-15, 'P(X = 0 | 3) = 1/8');
  });

  it('gives p = 1 without discordant pairs and refuses bad counts', () => {
    assert.equal(mcnemarTest({ onlyA: 0, onlyB: 0 }).p, 1);
    assert.equal(mcnemarTest({ onlyA: 30, onlyB: 30 }).p, 1, 'b = c: R drops the correction, χ² = 0');
    assert.throws(() => mcnemarTest({ onlyA: -1, onlyB: 2 }), RangeError);
  });
});

describe('chi-square upper tail', () => {
  it('matches R pchisq(q, df, lower.tail = FALSE)', () => {
    near(chiSquareSurvival(3.841459, 1), 0.05, 1e-8, 'qchisq(0.95, 1)');
    near(chiSquareSurvival(34.712, 1) / 3.822680e-9, 1, 1e-5, 'pchisq(34.712, 1): 3.82268e-09 (relative)');
    near(chiSquareSurvival(100, 1) / 1.523971e-23, 1, 1e-5, 'pchisq(100, 1): 1.523971e-23 (relative)');
    near(chiSquareSurvival(0.001, 1), 0.9747729, 1e-7, 'pchisq(0.001, 1)');
    near(chiSquareSurvival(7, 2), Math.exp(-3.5), 1e-15, 'df = 2 is exp(-x/2)');
    assert.equal(chiSquareSurvival(0, 1), 1);
    near(logGamma(0.5), Math.log(Math.sqrt(Math.PI)), 1e-14, 'lgamma(0.5)');
    near(logGamma(10), Math.log(362880), 1e-12, 'lgamma(10)');
  });
});

describe('Holm adjustment (@stdlib/stats-padjust)', () => {
  it("matches R p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), 'holm') = 0.05 0.08 0.09 0.09 0.09", () => {
    const adjusted = holmAdjust([0.01, 0.02, 0.03, 0.04, 0.05]);
    [0.05, 0.08, 0.09, 0.09, 0.09].forEach((expected, index) => near(adjusted[index], expected, 1e-12, `p[${index}]`));
  });

  it("matches R p.adjust(c(0.008, 0.03, 0.123, 0.6, 0.2), 'holm') = 0.040 0.120 0.369 0.600 0.400, keeping nulls in place", () => {
    const input = [0.008, null, 0.03, 0.123, 0.6, 0.2];
    const copy = [...input];
    const adjusted = holmAdjust(input);
    [0.04, null, 0.12, 0.369, 0.6, 0.4].forEach((expected, index) => (expected === null ? assert.equal(adjusted[index], null) : near(adjusted[index], expected, 1e-12, `p[${index}]`)));
    assert.deepEqual(input, copy, 'the input is not mutated');
    assert.deepEqual(holmAdjust([null]), [null]);
  });
});

describe('Bonferroni adjustment (@stdlib/stats-padjust)', () => {
  it("matches R p.adjust(c(0.01, 0.02, 0.03, 0.04, 0.05), 'bonferroni') = 0.05 0.10 0.15 0.20 0.25 (hand: m · p)", () => {
    const adjusted = bonferroniAdjust([0.01, 0.02, 0.03, 0.04, 0.05]);
    [0.05, 0.1, 0.15, 0.2, 0.25].forEach((expected, index) => near(adjusted[index], expected, 1e-12, `p[${index}]`));
  });

  it("matches R p.adjust(c(0.008, 0.03, 0.123, 0.6, 0.2), 'bonferroni') = 0.04 0.15 0.615 1 1, capped at 1, nulls kept in place", () => {
    const adjusted = bonferroniAdjust([0.008, null, 0.03, 0.123, 0.6, 0.2]);
    [0.04, null, 0.15, 0.615, 1, 1].forEach((expected, index) => (expected === null ? assert.equal(adjusted[index], null) : near(adjusted[index], expected, 1e-12, `p[${index}]`)));
  });

  it("keeps a declared family's size with R's n: p.adjust(c(0.01, 0.04), 'bonferroni', n = 3) = 0.03 0.12; 'holm', n = 3: 0.03 0.08", () => {
    // By hand from R's definitions: Bonferroni n · p; Holm cummax((n − i + 1) · p(i)) = 3 · 0.01, 2 · 0.04.
    const bonferroni = adjustPValues([0.01, null, 0.04], 'bonferroni', 3);
    near(bonferroni[0], 0.03, 1e-15);
    assert.equal(bonferroni[1], null);
    near(bonferroni[2], 0.12, 1e-15);
    const holm = adjustPValues([0.01, null, 0.04], 'holm', 3);
    near(holm[0], 0.03, 1e-15);
    near(holm[2], 0.08, 1e-15);
    assert.throws(() => adjustPValues([0.1, 0.2], 'holm', 1), RangeError);
  });
});

describe('comparePaired', () => {
  it('puts every statistic of one comparison together (sleep data)', () => {
    const result = comparePaired(SLEEP_1, SLEEP_2, { bootstrap: { seed: 1, resamples: 2000 } });
    assert.equal(result.n, 10);
    near(result.meanDifference, -1.58, 1e-12, 'mean difference');
    near(result.meanA, 0.75, 1e-12, 'mean A');
    near(result.meanB, 2.33, 1e-12, 'mean B');
    assert.ok(result.ci !== null && result.ci.low < -1.58 && result.ci.high > -1.58 && result.ci.high < 0);
    near(pValueOf(result.tTest), 0.002833, 5e-7, 't p');
    near(pValueOf(result.wilcoxon), 0.009091, 5e-7, 'wilcoxon p');
    near(result.dz, -1.284558, 5e-7, 'd_z');
    assert.equal(result.mcnemar, null);
    assert.equal(result.alternative, 'two-sided');
  });

  it('passes the alternative to every test', () => {
    const result = comparePaired(SLEEP_1, SLEEP_2, { alternative: 'less', bootstrap: { resamples: 100 } });
    near(pValueOf(result.tTest), 0.0014164450986921364, 1e-12, 't p less');
    near(pValueOf(result.wilcoxon), 0.004545349007962522, 1e-12, 'wilcoxon p less');
    const binary = comparePaired([1, 1, 1, 0], [0, 0, 0, 0], { binary: true, alternative: 'greater' });
    near(binary.mcnemar?.p, 0.125, 1e-15, 'binom.test(3, 3, alternative = "greater") = 1/8');
  });

  it('adds McNemar for binary outcomes', () => {
    const a = [1, 1, 1, 1, 0, 1, 1, 0];
    const b = [0, 0, 1, 0, 0, 1, 1, 1];
    const result = comparePaired(a, b, { binary: true });
    assert.deepEqual([result.mcnemar!.b, result.mcnemar!.c, result.mcnemar!.method], [3, 1, 'exact']);
    near(result.mcnemar!.p, 0.625, 1e-12, 'binom.test(1, 4)');
    assert.throws(() => comparePaired([0.5], [1], { binary: true }), RangeError);
  });
});
