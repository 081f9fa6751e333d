import type { Usage } from '../spec/chat.js';

/**
 * Date of the price list below (OpenAI's public list prices, standard tier,
 * on that day). Stored with cost figures so that a report says which prices
 * it used; prices change, so override them when they do.
 */
export const PRICE_TABLE_VERSION = '2025-08-07';

/** US dollars per million tokens of one model. */
export interface ModelPrice {
  prompt: number;
  /** Price of prompt tokens served from the provider's prompt cache; defaults to `prompt`. */
  cachedPrompt?: number;
  completion: number;
}

/** Prices by model name. */
export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** Built-in prices, USD per 1M tokens (see `PRICE_TABLE_VERSION`). */
export const PRICE_TABLE: PriceTable = Object.freeze({
  'gpt-5': { prompt: 1.25, cachedPrompt: 0.125, completion: 10 },
  'gpt-5-mini': { prompt: 0.25, cachedPrompt: 0.025, completion: 2 },
  'gpt-5-nano': { prompt: 0.05, cachedPrompt: 0.005, completion: 0.4 },
  'gpt-4.1': { prompt: 2, cachedPrompt: 0.5, completion: 8 },
  'gpt-4.1-mini': { prompt: 0.4, cachedPrompt: 0.1, completion: 1.6 },
  'gpt-4.1-nano': { prompt: 0.1, cachedPrompt: 0.025, completion: 0.4 },
  'gpt-4o': { prompt: 2.5, cachedPrompt: 1.25, completion: 10 },
  'gpt-4o-mini': { prompt: 0.15, cachedPrompt: 0.075, completion: 0.6 },
  o3: { prompt: 2, cachedPrompt: 0.5, completion: 8 },
  'o4-mini': { prompt: 1.1, cachedPrompt: 0.275, completion: 4.4 },
  'o3-mini': { prompt: 1.1, cachedPrompt: 0.55, completion: 4.4 },
  'gpt-3.5-turbo': { prompt: 0.5, completion: 1.5 },
});

/**
 * The price of a model in one table. Dated snapshot names
 * (`gpt-4o-mini-2024-07-18`) fall back to their base name.
 */
export function findPrice(model: string, table: PriceTable): ModelPrice | undefined {
  return table[model] ?? table[model.replace(/-\d{4}-\d{2}-\d{2}$/, '')];
}

/**
 * The price of a model: user overrides first, then the built-in table.
 * Unknown models have no price (`undefined`), never a guessed one.
 */
export function priceFor(model: string, overrides: PriceTable = {}): ModelPrice | undefined {
  return findPrice(model, overrides) ?? findPrice(model, PRICE_TABLE);
}

/**
 * Cost of one call in US dollars. Prompt tokens include the cached ones (as
 * OpenAI reports them), so cached tokens are billed at the cached price and
 * the rest at the prompt price.
 */
export function costUsd(usage: Usage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedPromptTokens, usage.promptTokens);
  const uncached = usage.promptTokens - cached;
  return (uncached * price.prompt + cached * (price.cachedPrompt ?? price.prompt) + usage.completionTokens * price.completion) / 1e6;
}
