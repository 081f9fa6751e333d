import { z } from 'zod';
import { ConfigError } from '../spec/errors.js';
import type { ModelPrice, PriceTable } from './prices.js';

const PRICE_FORM = '<model>=<input>/<output>[/<cached input>] in US dollars per million tokens, e.g. --price qwen2.5:7b=0.10/0.30';

/**
 * A price as written in a run file: `"0.15/0.60"` (input/output, optionally
 * `/cached input`) or `{prompt, completion, cachedPrompt?}`, USD per million tokens.
 */
export const priceSchema = z.union([
  z.string().regex(/^\s*\d+(?:\.\d+)?\s*\/\s*\d+(?:\.\d+)?\s*(?:\/\s*\d+(?:\.\d+)?\s*)?$/, 'write a price as "<input>/<output>" dollars per million tokens, e.g. "0.15/0.60"'),
  z.strictObject({ prompt: z.number().nonnegative(), completion: z.number().nonnegative(), cachedPrompt: z.number().nonnegative().optional() }),
]);

/** Prices by model name, as written in a run file (`prices:`). */
export const pricesSchema = z.record(z.string().min(1), priceSchema);

/** `"0.15/0.60[/0.075]"` → a `ModelPrice`. Throws `ConfigError` for anything else. */
export function parsePriceText(text: string): ModelPrice {
  const parts = text.split('/').map((part) => part.trim());
  const numbers = parts.map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => part === '') || numbers.some((value) => !Number.isFinite(value) || value < 0)) {
    throw new ConfigError(`price "${text}" is not <input>/<output>[/<cached input>]`, `write ${PRICE_FORM}`);
  }
  const [prompt, completion, cachedPrompt] = numbers as [number, number, number | undefined];
  return { prompt, completion, ...(cachedPrompt === undefined ? {} : { cachedPrompt }) };
}

/** `--price <model>=<in>/<out>[/<cached>]`: the model (which may contain `=`-free `:` and `/`) and its price. */
export function parsePriceAssignment(text: string): [string, ModelPrice] {
  const equals = text.lastIndexOf('=');
  const model = equals === -1 ? '' : text.slice(0, equals).trim();
  if (model === '') throw new ConfigError(`--price "${text}" names no model`, `write ${PRICE_FORM}`);
  return [model, parsePriceText(text.slice(equals + 1))];
}

/** A run file's `prices:` as a price table. */
export function priceTableOf(prices: z.output<typeof pricesSchema>): PriceTable {
  return Object.fromEntries(Object.entries(prices).map(([model, price]) => [model, typeof price === 'string' ? parsePriceText(price) : price]));
}
