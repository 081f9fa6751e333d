import type { Alternative } from './alternative.js';
import { chiSquareSurvival } from './chi-square-survival.js';

/** Discordant pairs of two paired binary outcomes (e.g. correct / wrong under protocols A and B). */
export interface DiscordantPairs {
  /** A = 1 and B = 0 (A right where B is wrong). */
  onlyA: number;
  /** A = 0 and B = 1. */
  onlyB: number;
}

/** How the McNemar p-value is computed. */
export type McNemarMethod = 'exact' | 'chi-square-corrected' | 'chi-square';

/** The outcome of `mcnemarTest`. */
export interface McNemarResult {
  method: McNemarMethod;
  /** Discordant pairs b = onlyA, c = onlyB. */
  b: number;
  c: number;
  /** χ² statistic (null for the exact test). */
  statistic: number | null;
  p: number;
  alternative: Alternative;
}

/** Below this many discordant pairs the exact binomial test is used (a common rule: the χ² approximation needs b + c ≥ 25). */
export const MCNEMAR_EXACT_BELOW = 25;

/**
 * McNemar's test of paired proportions (H0: P(A right, B wrong) = P(A
 * wrong, B right)). Only the discordant pairs b and c carry information.
 * Two-sided, `auto` (default): the exact test — two-sided binomial test of
 * b out of b + c at ½, as R's `binom.test(b, b + c)` — when b + c < 25,
 * otherwise the χ² statistic with continuity correction (|b − c| − 1)² /
 * (b + c), df = 1, as R's `mcnemar.test` (which drops the correction when
 * b = c). One-sided (`greater`: A is right more often; `less`: B is) is
 * always the exact binomial test, R's `binom.test(b, b + c, alternative =
 * …)`: a χ² statistic has no direction, and the exact tail costs nothing.
 * With no discordant pair there is no evidence either way: p = 1.
 */
export function mcnemarTest(pairs: DiscordantPairs, method: McNemarMethod | 'auto' = 'auto', alternative: Alternative = 'two-sided'): McNemarResult {
  const { onlyA: b, onlyB: c } = pairs;
  for (const count of [b, c]) {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`discordant pair counts must be whole numbers ≥ 0, got ${b} and ${c}`);
  }
  if (alternative !== 'two-sided' && method !== 'auto' && method !== 'exact') throw new RangeError(`a one-sided McNemar test is exact; the ${method} statistic has no direction`);
  const n = b + c;
  const chosen: McNemarMethod = alternative !== 'two-sided' || method === 'exact' || (method === 'auto' && n < MCNEMAR_EXACT_BELOW) ? 'exact' : method === 'auto' ? 'chi-square-corrected' : method;
  if (n === 0) return { method: chosen, b, c, statistic: chosen === 'exact' ? null : 0, p: 1, alternative };
  if (chosen === 'exact') {
    // X ~ Bin(n, ½) counts the pairs where only A is right: P(X ≥ b) = P(X ≤ c) by symmetry, summed from the small tail.
    const p = alternative === 'greater' ? binomialCdfHalf(c, n) : alternative === 'less' ? binomialCdfHalf(b, n) : binomialTwoSidedHalf(Math.min(b, c), n);
    return { method: chosen, b, c, statistic: null, p, alternative };
  }
  const difference = Math.abs(b - c);
  const numerator = chosen === 'chi-square-corrected' && difference > 0 ? difference - 1 : difference;
  const statistic = (numerator * numerator) / n;
  return { method: chosen, b, c, statistic, p: chiSquareSurvival(statistic, 1), alternative };
}

/**
 * Two-sided exact binomial p-value of k successes in n trials at p = ½:
 * min(1, 2·P(X ≤ k)) for k ≤ n/2. With p = ½ the distribution is symmetric,
 * so this equals R's `binom.test`, which sums the probabilities not larger
 * than the observed one.
 */
export function binomialTwoSidedHalf(k: number, n: number): number {
  return Math.min(1, 2 * binomialCdfHalf(Math.min(k, n - k), n));
}

/** P(X ≤ k) for X ~ Binomial(n, ½), summed in log space so large n does not overflow. */
export function binomialCdfHalf(k: number, n: number): number {
  if (k >= n) return 1;
  let logTerm = -n * Math.LN2; // log P(X = 0)
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, tail);
}
