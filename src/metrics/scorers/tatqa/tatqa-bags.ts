import { numpyMeanRound } from '../python/numpy-mean-round.js';
import { pythonSplit } from '../python/python-text.js';
import { tatqaNormalizeAnswer } from './tatqa-normalize.js';

/** `_compute_f1`: token-set F1 of two bags; an empty bag has precision (or recall) 1. */
export function bagF1(predicted: ReadonlySet<string>, gold: ReadonlySet<string>): number {
  let intersection = 0;
  for (const token of gold) if (predicted.has(token)) intersection++;
  const precision = predicted.size === 0 ? 1 : intersection / predicted.size;
  const recall = gold.size === 0 ? 1 : intersection / gold.size;
  return precision === 0 && recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/**
 * `_align_bags`: the one-to-one alignment of gold and predicted bags with
 * the largest total F1 (SciPy's `linear_sum_assignment` in the original;
 * here every assignment is tried — bags are a handful), giving one score per
 * gold bag and 0 for bags left over.
 */
export function alignBags(predicted: readonly ReadonlySet<string>[], gold: readonly ReadonlySet<string>[]): number[] {
  const scores = gold.map((goldBag) => predicted.map((predictedBag) => bagF1(predictedBag, goldBag)));
  let best: number[] = [];
  let bestTotal = -1;
  const size = Math.max(gold.length, predicted.length);
  const visit = (row: number, used: Set<number>, chosen: number[], total: number): void => {
    if (row === gold.length) {
      if (total > bestTotal) [best, bestTotal] = [chosen.slice(), total];
      return;
    }
    // A gold bag may stay unassigned only when there are more gold bags than predicted ones.
    if (gold.length - row > predicted.length - used.size) visit(row + 1, used, [...chosen, 0], total);
    for (let column = 0; column < predicted.length; column++) {
      if (used.has(column)) continue;
      used.add(column);
      visit(row + 1, used, [...chosen, scores[row]![column]!], total + scores[row]![column]!);
      used.delete(column);
    }
  };
  visit(0, new Set(), [], 0);
  return [...best, ...new Array<number>(size - best.length).fill(0)];
}

/**
 * `get_metrics` for one prediction string against one gold string (or
 * lists of spans): EM when the normalised spans are equal as sets of the
 * same size; F1 the mean aligned bag F1, rounded to 2 decimals by NumPy.
 */
export function tatqaGetMetrics(predicted: string | readonly string[], gold: string | readonly string[]): { em: number; f1: number } {
  const predictedSpans = (typeof predicted === 'string' ? [predicted] : predicted).map(tatqaNormalizeAnswer);
  const goldSpans = (typeof gold === 'string' ? [gold] : gold).map(tatqaNormalizeAnswer);
  const predictedSet = new Set(predictedSpans);
  const goldSet = new Set(goldSpans);
  const em = predictedSpans.length === goldSpans.length && predictedSet.size === goldSet.size && [...predictedSet].every((span) => goldSet.has(span)) ? 1 : 0;
  const bags = (spans: string[]): Set<string>[] => spans.map((span) => new Set(pythonSplit(span)));
  const perBag = alignBags(bags(predictedSpans), bags(goldSpans));
  return { em, f1: numpyMeanRound(perBag, 2) };
}
