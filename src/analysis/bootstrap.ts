import { seededRandom } from '../util/seed.js';
import { mean, quantileOfSorted } from '../util/quantile.js';

/** Resamples unless configured: enough for stable 95 % percentile bounds. */
export const DEFAULT_BOOTSTRAP_RESAMPLES = 2000;
/** Seed unless configured; recorded with every interval so it can be reproduced. */
export const DEFAULT_BOOTSTRAP_SEED = 0;

/** Options of `bootstrapCi`. */
export interface BootstrapOptions {
  /** Number of resamples B (default 2000). */
  resamples?: number;
  /** Seed of the resampling generator (default 0). */
  seed?: number;
  /** Coverage of the interval (default 0.95). */
  level?: number;
  /** Statistic of one sample (default: the mean). */
  statistic?: (sample: readonly number[]) => number;
}

/** A point estimate with its bootstrap percentile interval and how it was made. */
export interface BootstrapInterval {
  /** The statistic on the data itself. */
  estimate: number;
  low: number;
  high: number;
  /** Sample size. */
  n: number;
  resamples: number;
  seed: number;
  level: number;
}

/**
 * Percentile bootstrap confidence interval: draws B samples of size n with
 * replacement (mulberry32 generator seeded with `seed`, so the same data and
 * seed always give the same interval), computes the statistic on each, and
 * takes the (1−level)/2 and (1+level)/2 quantiles (type 7) of the B values.
 * Returns null for no data. One value, or constant data, gives a zero-width
 * interval at that value.
 */
export function bootstrapCi(values: readonly number[], options: BootstrapOptions = {}): BootstrapInterval | null {
  const resamples = options.resamples ?? DEFAULT_BOOTSTRAP_RESAMPLES;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const level = options.level ?? 0.95;
  const statistic = options.statistic ?? ((sample: readonly number[]) => mean(sample)!);
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`bootstrap resamples must be a whole number ≥ 1, got ${resamples}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`bootstrap level must be in (0, 1), got ${level}`);
  const n = values.length;
  if (n === 0) return null;
  const estimate = statistic(values);
  const random = seededRandom(seed);
  const stats = new Float64Array(resamples);
  const sample = new Array<number>(n);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < n; i++) sample[i] = values[Math.floor(random() * n)]!;
    stats[b] = statistic(sample);
  }
  stats.sort();
  const alpha = (1 - level) / 2;
  return { estimate, low: quantileOfSorted(stats, alpha), high: quantileOfSorted(stats, 1 - alpha), n, resamples, seed, level };
}
