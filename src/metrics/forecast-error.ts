import type { UnitSummary } from '../spec/store.js';
import { answerNumber, mean, median } from './dynamics/statistics.js';

/** Absolute errors of a run's numeric answers (JSON key `mae`). */
export interface ForecastError {
  /** Mean absolute error of the aggregated answers (MAE); null when no unit has a numeric answer. */
  mean: number | null;
  /** Median absolute error of the aggregated answers. */
  median: number | null;
  /** Units with a numeric gold and a numeric aggregated answer. */
  units: number;
  /** Units with a numeric gold whose aggregated answer is missing or not a number (not in the means). */
  unparsed: number;
  /** Per round: mean |forecast − realised| over every agent's numeric forecast of that round. */
  byRound: Array<number | null>;
  /** Per agent and round: mean absolute error over units. */
  byAgent: Record<string, Array<number | null>>;
}

/** The gold of a unit as a number, or null when it is not numeric (an option letter, text, none). */
export function numericGold(summary: UnitSummary): number | null {
  return summary.gold !== null && /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i.test(summary.gold) ? answerNumber(summary.gold) : null;
}

/** |aggregated answer − realised value| of one unit; null without a numeric gold or a numeric answer. */
export function absoluteError(summary: UnitSummary): number | null {
  const gold = numericGold(summary);
  const answer = answerNumber(summary.answer);
  return gold === null || answer === null ? null : Math.abs(answer - gold);
}

/**
 * Absolute errors over finished units with a numeric gold: the aggregated
 * answer's (mean and median over units), and every agent's per round.
 * Unparsed answers are counted, never scored as 0 or dropped silently.
 * Null when no unit has a numeric gold (a multiple-choice run).
 */
export function forecastError(summaries: readonly UnitSummary[]): ForecastError | null {
  const numeric = summaries.filter((summary) => numericGold(summary) !== null);
  if (numeric.length === 0) return null;
  const errors = numeric.map(absoluteError).filter((error): error is number => error !== null);
  const byRound: number[][] = [];
  const byAgent: Record<string, number[][]> = {};
  for (const summary of numeric) {
    const gold = numericGold(summary)!;
    for (const [agent, answers] of Object.entries(summary.answersByRound)) {
      answers.forEach((answer, round) => {
        const value = answerNumber(answer);
        if (value === null) return;
        (byRound[round] ??= []).push(Math.abs(value - gold));
        ((byAgent[agent] ??= [])[round] ??= []).push(Math.abs(value - gold));
      });
    }
  }
  const means = (lists: number[][]): Array<number | null> => Array.from(lists, (list) => mean(list ?? []));
  return {
    mean: mean(errors),
    median: median(errors),
    units: errors.length,
    unparsed: numeric.length - errors.length,
    byRound: means(byRound),
    byAgent: Object.fromEntries(Object.entries(byAgent).sort(([a], [b]) => a.localeCompare(b)).map(([agent, rounds]) => [agent, means(rounds)])),
  };
}
