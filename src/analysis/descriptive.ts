import { sampleStandardDeviation } from 'simple-statistics';
import { mean } from '../util/quantile.js';

/**
 * Sample standard deviation (n − 1 in the denominator, as R's `sd`); null
 * for fewer than two values, where it is undefined. simple-statistics'
 * `standardDeviation` divides by n, so the sample version is used explicitly.
 */
export function sampleSd(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  return sampleStandardDeviation([...values]);
}

/** Mean of finite values; null for none (re-exported so analysis code reads from one place). */
export function meanOf(values: readonly number[]): number | null {
  return mean(values);
}
