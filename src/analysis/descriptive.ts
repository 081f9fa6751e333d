import { sampleStandardDeviation } from 'simple-statistics';
import { mean } from './quantile.js';

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

/** Element-wise a − b of two equally long lists. */
export function differences(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new RangeError(`paired lists differ in length: ${a.length} and ${b.length}`);
  return a.map((value, index) => value - b[index]!);
}
