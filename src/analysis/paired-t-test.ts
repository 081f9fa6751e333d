import ttest from '@stdlib/stats-ttest';
import type { Alternative } from './alternative.js';
import { meanOf, sampleSd } from './descriptive.js';

/** A paired t test on differences (H0: mean difference 0). */
export interface TTestResult {
  t: number;
  df: number;
  p: number;
  /** 95 % t interval of the mean difference (from the test, next to the bootstrap one); one-sided tests give a one-sided bound (the other end ±∞). */
  ci: [number, number];
  alternative: Alternative;
}

/** Why a test gave no result. */
export type UndefinedTest = { undefined: string };

/**
 * Paired t test via @stdlib/stats-ttest on the differences (the one-sample
 * test of x − y is the paired test; same t, df and p as R's
 * `t.test(x, y, paired = TRUE, alternative = …)`). Undefined for fewer than two pairs or
 * differences without spread, where t is 0/0 or ±∞: reported, never turned
 * into p = 0 or 1.
 */
export function pairedTTest(pairedDifferences: readonly number[], alternative: Alternative = 'two-sided'): TTestResult | UndefinedTest {
  if (pairedDifferences.length < 2) return { undefined: 'fewer than two pairs' };
  if (sampleSd(pairedDifferences) === 0) {
    return { undefined: meanOf(pairedDifferences) === 0 ? 'all differences are zero' : 'all differences are equal (no spread)' };
  }
  const result = ttest([...pairedDifferences], { alpha: 0.05, alternative });
  return { t: result.statistic, df: result.df, p: result.pValue, ci: [result.ci[0]!, result.ci[1]!], alternative };
}
