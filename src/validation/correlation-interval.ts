import { bootstrapCi } from '../analysis/bootstrap.js';
import { quantileOfSorted } from '../util/quantile.js';

/** A rank correlation with its bootstrap percentile interval. */
export interface CorrelationEstimate {
  /** Null when undefined (fewer than two pairs, or a side without variation). */
  estimate: number | null;
  /** Interval bounds; null when the estimate is undefined or too many resamples had no correlation. */
  low: number | null;
  high: number | null;
  /** Pairs (questions). */
  n: number;
  /** Resamples in which one side was constant, so the correlation did not exist (left out of the percentiles). */
  undefinedResamples: number;
}

/** How the interval is drawn (recorded with the report). */
export interface CorrelationBootstrap {
  resamples: number;
  seed: number;
  level: number;
}

/** Above this share of resamples without a correlation, the interval says too little and is not reported. */
export const MAX_UNDEFINED_SHARE = 0.1;

/**
 * A correlation of paired values and its percentile bootstrap interval,
 * resampling pairs (questions) with replacement through the shared seeded
 * bootstrap (src/analysis/bootstrap.ts): it draws indices and the
 * statistic correlates the pairs they name. A resample in which one side
 * is constant (likely with few questions and coarse ratings) has no
 * correlation: it is left out, counted in `undefinedResamples`, and the
 * percentiles (type 7, as `bootstrapCi`) are taken over the others; when
 * more than 10 % are undefined the interval is not reported.
 */
export function correlationWithInterval(
  x: readonly number[],
  y: readonly number[],
  correlation: (x: readonly number[], y: readonly number[]) => number | null,
  bootstrap: CorrelationBootstrap,
): CorrelationEstimate {
  const n = x.length;
  const estimate = correlation(x, y);
  if (estimate === null) return { estimate: null, low: null, high: null, n, undefinedResamples: 0 };
  const indices = Array.from({ length: n }, (_, index) => index);
  const defined: number[] = [];
  let undefinedResamples = 0;
  bootstrapCi(indices, {
    ...bootstrap,
    statistic: (sample) => {
      // `bootstrapCi` also evaluates the statistic on the data itself (this very array); that is no resample.
      if (sample === indices) return estimate;
      const value = correlation(sample.map((index) => x[index]!), sample.map((index) => y[index]!));
      if (value === null) undefinedResamples += 1;
      else defined.push(value);
      return value ?? Number.NaN;
    },
  });
  if (defined.length === 0 || undefinedResamples > MAX_UNDEFINED_SHARE * bootstrap.resamples) return { estimate, low: null, high: null, n, undefinedResamples };
  defined.sort((a, b) => a - b);
  const tail = (1 - bootstrap.level) / 2;
  return { estimate, low: quantileOfSorted(defined, tail), high: quantileOfSorted(defined, 1 - tail), n, undefinedResamples };
}
