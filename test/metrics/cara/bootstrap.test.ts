import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bootstrapCi } from '../../../src/analysis/bootstrap.js';
import { mean, quantile } from '../../../src/util/quantile.js';

describe('bootstrap percentile CI', () => {
  it('is null without data and zero-width on constant data', () => {
    assert.equal(bootstrapCi([]), null);
    const constant = bootstrapCi([0.25, 0.25, 0.25, 0.25], { resamples: 500, seed: 3 })!;
    assert.deepEqual([constant.estimate, constant.low, constant.high], [0.25, 0.25, 0.25]);
    const single = bootstrapCi([0.7])!;
    assert.deepEqual([single.low, single.high, single.n], [0.7, 0.7, 1]);
  });

  it('is deterministic for a seed and records B, seed and level', () => {
    const data = [0.1, 0.5, 0.2, 0.9, 0.4, 0.3, 0.8];
    const first = bootstrapCi(data, { resamples: 1000, seed: 11 });
    assert.deepEqual(bootstrapCi(data, { resamples: 1000, seed: 11 }), first);
    assert.notDeepEqual(bootstrapCi(data, { resamples: 1000, seed: 12 }), first);
    assert.equal(first!.resamples, 1000);
    assert.equal(first!.seed, 11);
    assert.equal(first!.level, 0.95);
    assert.ok(first!.low <= first!.estimate && first!.estimate <= first!.high);
  });

  it('matches a case computed by hand: two values 0 and 1', () => {
    // Resample means are 0, 0.5, 1 with probabilities ¼, ½, ¼: the 2.5 % and
    // 97.5 % quantiles of many resamples are 0 and 1.
    const interval = bootstrapCi([0, 1], { resamples: 4000, seed: 5 })!;
    assert.equal(interval.estimate, 0.5);
    assert.equal(interval.low, 0);
    assert.equal(interval.high, 1);
  });

  it('narrows with more data around the mean', () => {
    const data = Array.from({ length: 400 }, (_, index) => (index % 10) / 10);
    const interval = bootstrapCi(data, { seed: 1 })!;
    assert.ok(Math.abs(interval.estimate - 0.45) < 1e-12);
    assert.ok(interval.low > 0.41 && interval.high < 0.49, `${interval.low} – ${interval.high}`);
  });

  it('refuses nonsense options', () => {
    assert.throws(() => bootstrapCi([1], { resamples: 0 }), RangeError);
    assert.throws(() => bootstrapCi([1], { level: 1 }), RangeError);
  });
});

describe('quantile (type 7) and mean', () => {
  it('interpolates between order statistics', () => {
    assert.equal(quantile([4, 1, 3, 2], 0), 1);
    assert.equal(quantile([4, 1, 3, 2], 1), 4);
    // h = 3·0.25 = 0.75 → 1 + 0.75·(2 − 1)
    assert.equal(quantile([4, 1, 3, 2], 0.25), 1.75);
    assert.equal(quantile([5], 0.3), 5);
    assert.throws(() => quantile([], 0.5), RangeError);
    assert.equal(mean([]), null);
    assert.equal(mean([1, 2, 6]), 3);
  });
});
