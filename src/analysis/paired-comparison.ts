import type { Alternative } from './alternative.js';
import { bootstrapCi, type BootstrapInterval } from './bootstrap.js';
import { meanOf, sampleSd } from './descriptive.js';
import { cohensDav, cohensDz } from './effect-size.js';
import { mcnemarTest, type McNemarResult } from './mcnemar-test.js';
import { pairedDifferences } from './paired-differences.js';
import { pairedTTest, type TTestResult, type UndefinedTest } from './paired-t-test.js';
import { wilcoxonSignedRank, type WilcoxonResult } from './wilcoxon-signed-rank.js';

/** Settings of the paired statistics (recorded in every report). */
export interface PairedStatisticsOptions {
  bootstrap?: { resamples?: number; seed?: number; level?: number };
  /** Treat values as binary outcomes (0/1) and add McNemar's test. */
  binary?: boolean;
  /** Alternative of every test, about a − b (default `two-sided`). The bootstrap CI stays two-sided: it describes the effect, not the test. */
  alternative?: Alternative;
}

/** Every statistic of one metric compared between two conditions on the same pairs. */
export interface PairedComparison {
  /** Pairs where both conditions have a value. */
  n: number;
  /** Pairs whose difference is zero (within the tie tolerance). */
  zeros: number;
  meanA: number | null;
  meanB: number | null;
  sdA: number | null;
  sdB: number | null;
  /** Mean of a − b, with its percentile bootstrap interval. */
  meanDifference: number | null;
  ci: BootstrapInterval | null;
  alternative: Alternative;
  tTest: TTestResult | UndefinedTest;
  wilcoxon: WilcoxonResult | UndefinedTest;
  /** Cohen's d_z (mean difference / SD of the differences). */
  dz: number | null;
  /** Cohen's d_av (mean difference / mean of the two SDs). */
  dav: number | null;
  /** Binary outcomes only. */
  mcnemar: McNemarResult | null;
}

/**
 * Compares condition A with condition B on paired observations (a[i] and
 * b[i] measured on the same question and seed). Differences are a − b:
 * positive means A is higher. They are formed once, by `pairedDifferences`
 * (rounding noise within 1e-12 is a tie), and every statistic below reads
 * those same differences.
 */
export function comparePaired(a: readonly number[], b: readonly number[], options: PairedStatisticsOptions = {}): PairedComparison {
  const diffs = pairedDifferences(a, b);
  const alternative = options.alternative ?? 'two-sided';
  const bootstrap = bootstrapCi(diffs, options.bootstrap ?? {});
  let mcnemar: McNemarResult | null = null;
  if (options.binary === true) {
    if (![...a, ...b].every((value) => value === 0 || value === 1)) throw new RangeError('binary comparison with values other than 0 and 1');
    mcnemar = mcnemarTest({ onlyA: diffs.filter((d) => d === 1).length, onlyB: diffs.filter((d) => d === -1).length }, 'auto', alternative);
  }
  return {
    n: diffs.length,
    zeros: diffs.filter((d) => d === 0).length,
    meanA: meanOf(a),
    meanB: meanOf(b),
    sdA: sampleSd(a),
    sdB: sampleSd(b),
    meanDifference: meanOf(diffs),
    ci: bootstrap,
    alternative,
    tTest: pairedTTest(diffs, alternative),
    wilcoxon: wilcoxonSignedRank(diffs, alternative),
    dz: cohensDz(diffs),
    dav: a.length < 2 ? null : cohensDav(a, b),
    mcnemar,
  };
}

/** The p-value of a test result, or null when the test was undefined. */
export function pValueOf(result: TTestResult | WilcoxonResult | UndefinedTest | McNemarResult | null): number | null {
  if (result === null || 'undefined' in result) return null;
  return result.p;
}
