import { ConfigError } from '../spec/errors.js';
import { deriveSeed } from '../util/seed.js';

/** One observation of a monthly series; `value` is null when the source marks it missing. */
export interface Observation {
  /** ISO date as written in the file (`YYYY-MM-DD`, first day of the month for FRED). */
  date: string;
  value: number | null;
  /** 1-based line of the source file. */
  line: number;
}

/**
 * How forecasting events are built and chosen (docs/forecasting.md,
 * "Event selection"). Loaders of non-forecasting datasets ignore it.
 */
export interface ForecastEventOptions {
  /** Observations shown before the month to forecast (default 12). */
  window?: number;
  /** How many events to use (default 20), or `all` eligible months. */
  events?: number | 'all';
  /**
   * Without it, events are evenly spaced over the eligible months (first and
   * last included); with it, they are a seeded draw without replacement.
   */
  selectionSeed?: number;
}

/** The resolved selection, recorded in every question's `meta`. */
export interface ForecastSelection {
  window: number;
  events: number | 'all';
  method: 'even' | 'seeded';
  selectionSeed?: number;
}

/** A month to forecast and the observations shown before it. */
export interface ForecastEvent {
  target: Observation & { value: number };
  /** The `window` observations right before the target, oldest first, all present. */
  history: Array<Observation & { value: number }>;
}

/** Defaults of the seed study's setup: a year of history, 20 events. */
export const FORECAST_DEFAULTS = Object.freeze({ window: 12, events: 20 });

/** Validates options and fills in defaults. */
export function resolveForecastSelection(options: ForecastEventOptions = {}): ForecastSelection {
  const window = options.window ?? FORECAST_DEFAULTS.window;
  const events = options.events ?? FORECAST_DEFAULTS.events;
  if (!Number.isInteger(window) || window < 1) throw new ConfigError(`the forecast window must be a whole number ≥ 1, got ${window}`);
  if (events !== 'all' && (!Number.isInteger(events) || events < 1)) throw new ConfigError(`the number of forecast events must be a whole number ≥ 1 or "all", got ${String(events)}`);
  const seed = options.selectionSeed;
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0)) throw new ConfigError(`the event selection seed must be a whole number ≥ 0, got ${seed}`);
  return seed === undefined ? { window, events, method: 'even' } : { window, events, method: 'seeded', selectionSeed: seed };
}

/**
 * Indices of the observations that can be forecast: a present value with
 * `window` present observations right before it. A missing value makes
 * its own month and the `window` months after it ineligible rather than
 * being filled in, so no agent ever sees an imputed number.
 */
export function eligibleTargets(observations: readonly Observation[], window: number): number[] {
  const eligible: number[] = [];
  let presentRun = 0;
  for (let index = 0; index < observations.length; index++) {
    const present = observations[index]!.value !== null;
    if (present && presentRun >= window) eligible.push(index);
    presentRun = present ? presentRun + 1 : 0;
  }
  return eligible;
}

/**
 * Chooses events, in chronological order. Evenly spaced: event k of n is
 * eligible month round(k·(E−1)/(n−1)) of E (n = 1 takes the latest).
 * Seeded: the n eligible months with the smallest `deriveSeed(seed,
 * 'fred-event', date)`; the order of the file does not matter and adding
 * months to a file keeps earlier draws' relative order.
 */
export function selectForecastEvents(observations: readonly Observation[], selection: ForecastSelection): ForecastEvent[] {
  const eligible = eligibleTargets(observations, selection.window);
  const count = selection.events === 'all' ? eligible.length : Math.min(selection.events, eligible.length);
  let chosen: number[];
  if (count === eligible.length) chosen = eligible;
  else if (selection.method === 'seeded') {
    const seed = selection.selectionSeed ?? 0;
    chosen = eligible
      .map((index) => ({ index, key: deriveSeed(seed, 'fred-event', observations[index]!.date) }))
      .sort((a, b) => a.key - b.key || a.index - b.index)
      .slice(0, count)
      .map((entry) => entry.index)
      .sort((a, b) => a - b);
  } else if (count === 1) chosen = [eligible.at(-1)!];
  else chosen = Array.from({ length: count }, (_, k) => eligible[Math.round((k * (eligible.length - 1)) / (count - 1))]!);
  return chosen.map((index) => ({
    target: observations[index] as ForecastEvent['target'],
    history: observations.slice(index - selection.window, index) as ForecastEvent['history'],
  }));
}
