import type { UnitSummary } from '../spec/store.js';

/**
 * What a unit cost in US dollars, or null when unknown. Cache hits are
 * recorded at $0, so a unit whose paid calls had no price sums to exactly 0
 * although it is not free: a 0 with calls that reached a backend is
 * reported as unknown. (A unit mixing priced and unpriced calls still
 * counts only its priced ones.)
 */
export function unitCostUsd(summary: UnitSummary): number | null {
  if (summary.costUsd === 0 && summary.calls > summary.cacheHits) return null;
  return summary.costUsd;
}
