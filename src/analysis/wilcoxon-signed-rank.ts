import wilcoxon from '@stdlib/stats-wilcoxon';
import type { Alternative } from './alternative.js';
import type { UndefinedTest } from './paired-t-test.js';

/** A Wilcoxon signed-rank test on paired differences. */
export interface WilcoxonResult {
  /** V: the sum of the ranks of the positive differences (R's statistic). */
  v: number;
  p: number;
  /** `exact` signed-rank distribution, or the normal approximation. */
  method: 'exact' | 'normal';
  /** Pairs with a non-zero difference: the n the test ranks. */
  n: number;
  /** Zero differences, dropped before ranking. */
  zeros: number;
  /** Whether some |differences| are tied (shared ranks). */
  ties: boolean;
  alternative: Alternative;
}

/**
 * Wilcoxon signed-rank test via @stdlib/stats-wilcoxon, configured to
 * behave like R's `wilcox.test(x, y, paired = TRUE, alternative = …)`: zero differences are
 * dropped (`zeroMethod: 'wilcox'`), and the exact distribution is used
 * without ties or zeros for up to 50 pairs; otherwise the normal
 * approximation with the tie-corrected variance and a continuity correction
 * of ½ toward the mean (for a one-sided test: −½ for `greater`, +½ for
 * `less`, as R). One difference from R: at exactly 50 pairs without
 * ties or zeros the library is exact where R approximates. Study metrics
 * such as accuracy have many zero and tied differences, so the normal path
 * is the usual one (docs/studies.md). Undefined when every difference is 0.
 * Zeros and ties are exact comparisons here: give it differences formed by
 * `pairedDifferences`, which turns rounding noise into exact ties.
 */
export function wilcoxonSignedRank(pairedDifferences: readonly number[], alternative: Alternative = 'two-sided'): WilcoxonResult | UndefinedTest {
  const nonZero = pairedDifferences.filter((difference) => difference !== 0);
  const zeros = pairedDifferences.length - nonZero.length;
  if (pairedDifferences.length === 0) return { undefined: 'no pairs' };
  if (nonZero.length === 0) return { undefined: 'all differences are zero' };
  const absolute = nonZero.map(Math.abs);
  const ties = new Set(absolute).size !== absolute.length;
  // The library's own rule (n ≤ 50), reported so the method shown is the one used.
  const exact = nonZero.length <= 50 && !ties && zeros === 0;
  // The library requires two values before it drops zeros; one non-zero pair among zeros is still a (weak) test.
  const input = pairedDifferences.length >= 2 ? [...pairedDifferences] : [...pairedDifferences, 0];
  const result = wilcoxon(input, { alternative, zeroMethod: 'wilcox', correction: true });
  return { v: result.statistic, p: Math.min(1, result.pValue), method: exact && pairedDifferences.length >= 2 ? 'exact' : 'normal', n: nonZero.length, zeros, ties, alternative };
}
