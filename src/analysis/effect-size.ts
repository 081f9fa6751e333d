import { meanOf, sampleSd } from './descriptive.js';
import { pairedDifferences } from './paired-differences.js';

/**
 * Cohen's d for paired data, d_z: the mean of the differences divided by
 * their standard deviation (Cohen 1988, eq. 2.3.5; Lakens 2013, eq. 6). It
 * equals t/√n of the paired t test, so it measures how consistently one
 * condition beats the other across pairs. Null when undefined: fewer than
 * two pairs, or differences that do not vary (SD 0).
 */
export function cohensDz(pairedDifferences: readonly number[]): number | null {
  const sd = sampleSd(pairedDifferences);
  const mean = meanOf(pairedDifferences);
  if (sd === null || mean === null || sd === 0) return null;
  return mean / sd;
}

/**
 * Cohen's d_av (Cumming 2012; Lakens 2013, eq. 10): the mean difference
 * divided by the average of the two conditions' standard deviations. Unlike
 * d_z it ignores the correlation between the conditions, so it is comparable
 * with a between-subjects d. Null for fewer than two pairs or when both SDs
 * are 0. The mean difference is formed by `pairedDifferences` (rounding
 * noise is no difference).
 */
export function cohensDav(a: readonly number[], b: readonly number[]): number | null {
  const mean = meanOf(pairedDifferences(a, b));
  const sdA = sampleSd(a);
  const sdB = sampleSd(b);
  if (mean === null || sdA === null || sdB === null) return null;
  const average = (sdA + sdB) / 2;
  return average === 0 ? null : mean / average;
}
