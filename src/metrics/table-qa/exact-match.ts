import { exactMatch as numberAwareExactMatch } from '../scorers/generic-scorers.js';

/**
 * Exact match after SQuAD-style normalisation (case, punctuation, articles,
 * spacing), reading a text that is one number by its value so the sign
 * counts (`-0.2` ≠ `0.2`): 1 when the prediction equals the gold or one of
 * its aliases, else 0. A missing prediction scores 0. The same rule as the
 * generic `squad-em-f1` scorer (docs/metrics.md).
 */
export function exactMatch(prediction: string | null, gold: string, aliases: readonly string[] = []): number {
  if (prediction === null) return 0;
  return [gold, ...aliases].some((candidate) => numberAwareExactMatch(prediction, candidate) === 1) ? 1 : 0;
}
