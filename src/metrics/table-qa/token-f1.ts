import { normaliseText } from '../score-answer.js';

/** Tokens of a text after SQuAD-style normalisation. */
export function answerTokens(text: string): string[] {
  const normalised = normaliseText(text);
  return normalised === '' ? [] : normalised.split(' ');
}

/**
 * SQuAD token F1: the harmonic mean of precision and recall of the
 * prediction's tokens against the gold's, counting each token as often as
 * both contain it. Two empty texts score 1; one empty text scores 0.
 */
export function tokenF1(prediction: string | null, gold: string): number {
  const predicted = answerTokens(prediction ?? '');
  const expected = answerTokens(gold);
  if (predicted.length === 0 || expected.length === 0) return predicted.length === expected.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1);
  let common = 0;
  for (const token of predicted) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      common += 1;
      counts.set(token, left - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / predicted.length;
  const recall = common / expected.length;
  return (2 * precision * recall) / (precision + recall);
}
