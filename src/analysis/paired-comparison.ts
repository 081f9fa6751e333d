import { bootstrapCi, type BootstrapInterval } from './bootstrap.js';
import { differences, meanOf, sampleSd } from './descriptive.js';
import { cohensDav, cohensDz } from './effect-size.js';
import { mcnemarTest, type McNemarResult } from './mcnemar-test.js';
import { pairedTTest, type TTestResult, type UndefinedTest } from './paired-t-test.js';
import { wilcoxonSignedRank, type WilcoxonResult } from './wilcoxon-signed-rank.js';

/** Settings of the paired statistics (recorded in every report). */
export interface PairedStatisticsOptions {
  bootstrap?: { resamples?: number; seed?: number; level?: number };
  /** Treat values as binary outcomes (0/1) and add McNemar's test. */
  binary?: boolean;
}

/** Every statistic of one metric compared between two conditions on the same pairs. */
export interface PairedComparison {
  /** Pairs where both conditions have a value. */
  n: number;
  meanA: number | null;
  meanB: number | null;
  sdA: number | null;
  sdB: number | null;
  /** Mean of a − b, with its percentile bootstrap interval. */
  meanDifference: number | null;
  ci: BootstrapInterval | null;
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
 * positive means A is higher.
 */
export function comparePaired(a: readonly number[], b: readonly number[], options: PairedStatisticsOptions = {}): PairedComparison {
  const diffs = differences(a, b);
  const bootstrap = bootstrapCi(diffs, options.bootstrap ?? {});
  let mcnemar: McNemarResult | null = null;
  if (options.binary === true) {
    if (![...a, ...b].every((value) => value === 0 || value === 1)) throw new RangeError('binary comparison with values other than 0 and 1');
    mcnemar = mcnemarTest({ onlyA: diffs.filter((d) => d === 1).length, onlyB: diffs.filter((d) => d === -1).length });
  }
  return {
    n: diffs.length,
    meanA: meanOf(a),
    meanB: meanOf(b),
    sdA: sampleSd(a),
    sdB: sampleSd(b),
    meanDifference: meanOf(diffs),
    ci: bootstrap,
    tTest: pairedTTest(diffs),
    wilcoxon: wilcoxonSignedRank(diffs),
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
