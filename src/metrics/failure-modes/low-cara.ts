import { quantile } from '../../util/quantile.js';
import type { LowCaraRule } from '../../spec/audit-result.js';

/** Which CARA-HYB values count as low, and the cut-off that decided it. */
export interface LowCaraCut {
  /** The cut-off value; null when there were no values to cut. */
  threshold: number | null;
  isLow(caraHyb: number): boolean;
}

/**
 * The low-CARA cut of one protocol's eligible units.
 *
 * - `quantile` q: values at or below the q-quantile (type 7) of the
 *   group's CARA-HYB values, except values equal to the group's maximum
 *   (a group whose units all score the same has no low units).
 * - `threshold` t: values strictly below t.
 */
export function lowCaraCut(values: readonly number[], rule: LowCaraRule): LowCaraCut {
  if (rule.kind === 'threshold') return { threshold: rule.value, isLow: (value) => value < rule.value };
  if (values.length === 0) return { threshold: null, isLow: () => false };
  const threshold = quantile(values, rule.value);
  const maximum = Math.max(...values);
  return { threshold, isLow: (value) => value <= threshold && value < maximum };
}
