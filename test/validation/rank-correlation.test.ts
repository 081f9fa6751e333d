import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bootstrapCi } from '../../src/analysis/bootstrap.js';
import { correlationWithInterval } from '../../src/validation/correlation-interval.js';
import { kendallTauB } from '../../src/validation/kendall-tau-b.js';
import { spearmanRho } from '../../src/validation/spearman-rho.js';

const close = (actual: number | null, expected: number, tolerance = 1e-12): void => {
  assert.ok(actual !== null && Math.abs(actual - expected) <= tolerance, `expected ${expected}, got ${actual}`);
};

describe('Spearman ρ', () => {
  it('the worked example of Wikipedia\'s "Spearman\'s rank correlation coefficient" (IQ vs. hours of TV, no ties): ρ = 1 − 6·194/(10·99) = −29/165', () => {
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const tv = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    close(spearmanRho(iq, tv), -29 / 165);
  });

  it('ties get midranks: SciPy\'s spearmanr documentation example [1..5] vs [5,6,7,8,7] gives 0.8207826816681233 (= R\'s cor(method = "spearman"))', () => {
    close(spearmanRho([1, 2, 3, 4, 5], [5, 6, 7, 8, 7]), 0.8207826816681233);
  });

  it('perfectly monotone is ±1; undefined (null) for one pair or a constant side', () => {
    assert.equal(spearmanRho([1, 2, 3], [10, 20, 30]), 1);
    assert.equal(spearmanRho([1, 2, 3], [3, 2, 1]), -1);
    assert.equal(spearmanRho([1], [2]), null);
    assert.equal(spearmanRho([1, 2, 3], [4, 4, 4]), null);
    assert.throws(() => spearmanRho([1, 2], [1]), /pairs/);
  });
});

describe('Kendall τ-b', () => {
  it('no ties, counted by hand: x = 1..5, y = 3,1,2,5,4 has 7 concordant and 3 discordant of 10 pairs, τ = 0.4', () => {
    close(kendallTauB([1, 2, 3, 4, 5], [3, 1, 2, 5, 4]), 0.4);
  });

  it('with ties in both variables: SciPy\'s kendalltau documentation example gives −0.47140452079103173, as R\'s cor(c(12,2,1,12,2), c(1,4,7,1,0), method = "kendall")', () => {
    // By hand: C = 1, D = 5, n₀ = 10, tied in x n₁ = 2, in y n₂ = 1 → (1 − 5)/√(8·9) = −4/√72.
    close(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]), -0.47140452079103173);
    close(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]), -4 / Math.sqrt(72));
  });

  it('undefined (null) without variation', () => {
    assert.equal(kendallTauB([1, 1, 1], [1, 2, 3]), null);
    assert.equal(kendallTauB([], []), null);
  });
});

describe('correlation with a paired bootstrap interval', () => {
  const x = [0.1, 0.25, 0.3, 0.42, 0.5, 0.55, 0.61, 0.7, 0.78, 0.9, 0.33, 0.47];
  const y = [1, 2, 1, 3, 3, 2, 4, 4, 5, 5, 2, 3];
  const bootstrap = { resamples: 500, seed: 7, level: 0.95 };

  it('the estimate is the statistic on the data; the interval holds it; the same seed gives the same interval', () => {
    const first = correlationWithInterval(x, y, spearmanRho, bootstrap);
    assert.equal(first.estimate, spearmanRho(x, y));
    assert.equal(first.n, 12);
    assert.ok(first.low! <= first.estimate! && first.estimate! <= first.high!, JSON.stringify(first));
    assert.ok(first.low! > 0, 'a clearly positive relation has a positive lower bound');
    assert.deepEqual(correlationWithInterval(x, y, spearmanRho, bootstrap), first);
    assert.notDeepEqual(correlationWithInterval(x, y, spearmanRho, { ...bootstrap, seed: 8 }), first);
  });

  it('the percentiles are those of bootstrapCi when every resample has a correlation', () => {
    const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const identity = (a: readonly number[], b: readonly number[]) => mean(a) + 0 * b.length;
    const shared = correlationWithInterval(x, y, identity, bootstrap);
    const direct = bootstrapCi(x, bootstrap)!;
    assert.equal(shared.low, direct.low);
    assert.equal(shared.high, direct.high);
  });

  it('resamples without a correlation are left out and counted; past 10 % the interval is not reported; an undefined estimate has none', () => {
    // Six pairs in two tied groups: a resample drawn from one group only (≈ 1 in 32) has no correlation.
    const grouped = correlationWithInterval([0.1, 0.2, 0.3, 0.7, 0.8, 0.9], [1, 1, 1, 5, 5, 5], spearmanRho, { resamples: 1000, seed: 2, level: 0.95 });
    assert.ok(grouped.undefinedResamples > 10 && grouped.undefinedResamples < 100, String(grouped.undefinedResamples));
    assert.ok(grouped.low !== null && grouped.low > 0 && grouped.high! <= 1);
    const tiny = correlationWithInterval([0.1, 0.9], [1, 5], kendallTauB, { resamples: 200, seed: 1, level: 0.95 });
    assert.equal(tiny.estimate, 1);
    assert.equal(tiny.low, null);
    assert.ok(tiny.undefinedResamples > 20);
    assert.deepEqual(correlationWithInterval([1, 2, 3], [2, 2, 2], spearmanRho, bootstrap), { estimate: null, low: null, high: null, n: 3, undefinedResamples: 0 });
  });
});
