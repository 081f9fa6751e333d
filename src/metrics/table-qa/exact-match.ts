import { normaliseText } from '../score-answer.js';

/**
 * Exact match after SQuAD-style normalisation (case, punctuation, articles,
 * spacing): 1 when the prediction equals the gold or one of its aliases,
 * else 0. A missing prediction scores 0.
 */
export function exactMatch(prediction: string | null, gold: string, aliases: readonly string[] = []): number {
  if (prediction === null) return 0;
  const normalised = normaliseText(prediction);
  return [gold, ...aliases].some((candidate) => normaliseText(candidate) === normalised) ? 1 : 0;
}
