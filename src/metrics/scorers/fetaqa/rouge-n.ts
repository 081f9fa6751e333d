import { rougeTokens } from '../../table-qa/rouge-l.js';

/**
 * ROUGE-N F-measure as `rouge_score` computes `rouge1` / `rouge2`
 * (google-research/google-research `rouge/rouge_scorer.py`, `_score_ngrams`):
 * clipped n-gram overlap over the prediction's n-grams (precision) and the
 * target's (recall), each count at least 1 in the denominator; the default
 * tokenizer, no stemming.
 */
export function rougeN(prediction: string, target: string, n: number): number {
  const predicted = ngrams(rougeTokens(prediction), n);
  const expected = ngrams(rougeTokens(target), n);
  let overlap = 0;
  for (const [gram, count] of expected) overlap += Math.min(count, predicted.get(gram) ?? 0);
  const total = (grams: Map<string, number>): number => [...grams.values()].reduce((sum, count) => sum + count, 0);
  const precision = overlap / Math.max(total(predicted), 1);
  const recall = overlap / Math.max(total(expected), 1);
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i += 1) {
    const gram = tokens.slice(i, i + n).join(' ');
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}
