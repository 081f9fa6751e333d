import type { Estimate } from './estimates.js';

/** The text of a missing value in tables: never 0, never blank. */
export const MISSING = 'n/a';

/** A number with fixed digits, or `n/a`. */
export function formatNumber(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return value.toFixed(digits);
}

/**
 * A p-value: 4 significant digits, scientific below 0.0001. No test here
 * has a p of exactly 0: the t and Wilcoxon libraries compute an upper tail
 * as 1 − CDF, which is 0 once the tail is below double precision, so 0
 * prints as R prints such a p: `< 2.2e-16`.
 */
export function formatP(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  if (value === 0) return '< 2.2e-16';
  return value < 1e-4 ? value.toExponential(2) : value.toPrecision(4).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** `mean [low, high]`, or `n/a`. */
export function formatEstimate(estimate: Estimate, digits = 3): string {
  if (estimate.mean === null) return MISSING;
  const interval = estimate.low === null || estimate.high === null ? '' : ` [${formatNumber(estimate.low, digits)}, ${formatNumber(estimate.high, digits)}]`;
  return `${formatNumber(estimate.mean, digits)}${interval}`;
}
