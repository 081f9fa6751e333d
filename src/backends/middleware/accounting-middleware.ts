import { addUsage, ZERO_USAGE, type BackendMiddleware, type ChatResponse, type Usage } from '../../spec/chat.js';
import { costUsd, findPrice, PRICE_TABLE, PRICE_TABLE_VERSION, type PriceTable } from '../prices.js';
import { decorateBackend } from './decorate-backend.js';

/** Running totals of the calls that went through an accounting middleware. */
export interface AccountingTotals {
  /** Calls that returned a response (cache hits included). */
  calls: number;
  cacheHits: number;
  /** Calls that threw. */
  failures: number;
  /** Tokens of the calls that reached a backend (cache hits spent none and are left out). */
  usage: Usage;
  /** US dollars of the priced calls; see `unpricedCalls`. */
  costUsd: number;
  /** Calls (not cache hits) whose model has no price: `costUsd` leaves them out. */
  unpricedCalls: number;
  /** Sum of response latencies in milliseconds. */
  latencyMs: number;
}

/** An accounting middleware: wraps backends and reports what went through them. */
export interface AccountingMiddleware extends BackendMiddleware {
  /** Totals over every backend this middleware wrapped. */
  totals(): AccountingTotals;
  /** Totals per backend id. */
  totalsByBackend(): Record<string, AccountingTotals>;
  /** Version of the built-in price table used (`PRICE_TABLE_VERSION`). */
  readonly priceTableVersion: string;
}

/**
 * Fills `costUsd` of each response and keeps running totals for progress
 * display. Price order: a user override for the model, else a cost the
 * inner backend already set, else the built-in table (`prices.ts`), else
 * null. Cache hits cost 0. The model is looked up by the name the server
 * reported, then by the configured name.
 */
export function accountingMiddleware(overrides: PriceTable = {}): AccountingMiddleware {
  const overall = emptyTotals();
  const byBackend = new Map<string, AccountingTotals>();

  const record = (backendId: string, update: (totals: AccountingTotals) => void) => {
    let totals = byBackend.get(backendId);
    if (totals === undefined) {
      totals = emptyTotals();
      byBackend.set(backendId, totals);
    }
    update(overall);
    update(totals);
  };

  const middleware: BackendMiddleware = (inner) =>
    decorateBackend(inner, async (request) => {
      let response: ChatResponse;
      try {
        response = await inner.complete(request);
      } catch (error) {
        record(inner.id, (totals) => totals.failures++);
        throw error;
      }
      const cost = response.cacheHit ? 0 : priceResponse(response, inner.modelId, overrides);
      record(inner.id, (totals) => {
        totals.calls++;
        if (response.cacheHit) totals.cacheHits++;
        else totals.usage = addUsage(totals.usage, response.usage);
        totals.latencyMs += response.latencyMs;
        if (cost === null) totals.unpricedCalls++;
        else totals.costUsd += cost;
      });
      return { ...response, costUsd: cost };
    });

  return Object.assign(middleware, {
    totals: () => copy(overall),
    totalsByBackend: () => Object.fromEntries([...byBackend].map(([id, totals]) => [id, copy(totals)])),
    priceTableVersion: PRICE_TABLE_VERSION,
  });
}

function priceResponse(response: ChatResponse, configuredModel: string, overrides: PriceTable): number | null {
  const override = findPrice(response.model, overrides) ?? findPrice(configuredModel, overrides);
  if (override !== undefined) return costUsd(response.usage, override);
  if (response.costUsd !== null) return response.costUsd;
  const listed = findPrice(response.model, PRICE_TABLE) ?? findPrice(configuredModel, PRICE_TABLE);
  return listed === undefined ? null : costUsd(response.usage, listed);
}

function emptyTotals(): AccountingTotals {
  return { calls: 0, cacheHits: 0, failures: 0, usage: ZERO_USAGE, costUsd: 0, unpricedCalls: 0, latencyMs: 0 };
}

function copy(totals: AccountingTotals): AccountingTotals {
  return { ...totals, usage: { ...totals.usage } };
}
