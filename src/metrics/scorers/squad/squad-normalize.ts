import { pythonSplit } from '../python/python-text.js';

// string.punctuation: ASCII only, so a minus sign "-" is removed but "−" (U+2212) is not.
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/**
 * SQuAD v1.1's `normalize_answer` (`evaluate-v1.1.py`): lower case, ASCII
 * punctuation removed, the articles a, an, the removed (as whole words in
 * Python's Unicode sense), whitespace collapsed.
 */
export function squadNormalize(text: string): string {
  return pythonSplit(text.toLowerCase().replace(PUNCTUATION, '').replace(ARTICLES, ' ')).join(' ');
}

/** SQuAD v1.1 exact match: 1 when the normalised texts are equal. */
export function squadExactMatch(prediction: string, gold: string): number {
  return squadNormalize(prediction) === squadNormalize(gold) ? 1 : 0;
}

/**
 * SQuAD v1.1 token F1: tokens counted with multiplicity; no common token
 * scores 0 (also when both sides normalise to nothing, as in v1.1).
 */
export function squadF1(prediction: string, gold: string): number {
  const predicted = pythonSplit(squadNormalize(prediction));
  const expected = pythonSplit(squadNormalize(gold));
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
