import { unitCostUsd } from '../metrics/unit-cost.js';
import type { TraceStore } from '../spec/store.js';

/** What a study has spent: tokens and dollars recorded in its units. */
export interface Spend {
  /** Prompt + completion tokens. */
  tokens: number;
  /** US dollars of priced calls; null when no call had a price. */
  costUsd: number | null;
}

/** Limits of a study (both optional). */
export interface Budget {
  maxTokens?: number;
  maxCostUsd?: number;
}

/**
 * Sums the tokens and cost recorded in the finished units of the given runs.
 * Units record every call of their trace, cache hits included (which cost
 * $0 but count their tokens): a token budget therefore caps the work a study
 * represents, a cost budget the money it spent (docs/studies.md, "Budget").
 */
export async function spentByRuns(store: TraceStore, runIds: Iterable<string>): Promise<Spend> {
  let tokens = 0;
  let costUsd: number | null = null;
  for (const runId of new Set(runIds)) {
    for (const unit of await store.listUnits(runId)) {
      if (unit.summary === null) continue;
      tokens += unit.summary.usage.promptTokens + unit.summary.usage.completionTokens;
      const cost = unitCostUsd(unit.summary);
      if (cost !== null) costUsd = (costUsd ?? 0) + cost;
    }
  }
  return { tokens, costUsd };
}

/** Adds spending. */
export function addSpend(a: Spend, b: Spend): Spend {
  return { tokens: a.tokens + b.tokens, costUsd: a.costUsd === null && b.costUsd === null ? null : (a.costUsd ?? 0) + (b.costUsd ?? 0) };
}

/** Which limit is reached, in words, or null while both have room. */
export function budgetReached(budget: Budget, spent: Spend): string | null {
  if (budget.maxTokens !== undefined && spent.tokens >= budget.maxTokens) return `token budget reached: ${spent.tokens} of ${budget.maxTokens} tokens`;
  if (budget.maxCostUsd !== undefined && (spent.costUsd ?? 0) >= budget.maxCostUsd) return `cost budget reached: $${(spent.costUsd ?? 0).toFixed(4)} of $${budget.maxCostUsd}`;
  return null;
}

