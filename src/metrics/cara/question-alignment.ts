import type { GroundTruthAlignment, PairAlignment } from '../../spec/audit-result.js';

/** Question-level CARA scores of one unit. */
export interface QuestionAlignment {
  caraHyb: number;
  sim: number;
  /** Flagged / all best-match pairs; null when no pair has best matches (every pair empty). */
  contradictionRate: number | null;
  bestMatchPairs: number;
  flaggedPairs: number;
  emptyPairs: number;
}

/**
 * CARA-HYB(q) and SIM(q): means of the symmetrised scores over the
 * unordered agent pairs of S(q) (empty pairs count, as 0). Contradiction
 * rate CR(q): flagged best-match pairs over all best-match pairs, both
 * directions, of those same pairs (docs/metrics.md explains the choice).
 */
export function questionAlignment(pairs: readonly PairAlignment[]): QuestionAlignment {
  if (pairs.length === 0) throw new RangeError('question alignment needs at least one agent pair (|S(q)| ≥ 2)');
  let hyb = 0;
  let sim = 0;
  let bestMatchPairs = 0;
  let flaggedPairs = 0;
  let emptyPairs = 0;
  for (const pair of pairs) {
    hyb += pair.hyb;
    sim += pair.sim;
    if (pair.empty) emptyPairs += 1;
    for (const direction of [pair.forward, pair.backward]) {
      for (const match of direction?.matches ?? []) {
        bestMatchPairs += 1;
        if (match.flagged) flaggedPairs += 1;
      }
    }
  }
  return {
    caraHyb: hyb / pairs.length,
    sim: sim / pairs.length,
    contradictionRate: bestMatchPairs === 0 ? null : flaggedPairs / bestMatchPairs,
    bestMatchPairs,
    flaggedPairs,
    emptyPairs,
  };
}

/**
 * CARA-GT(q): the directional HYB from the expert scoring points to each
 * agent of S(q), averaged over S(q). Null when the question has no points.
 */
export function caraGt(groundTruth: readonly GroundTruthAlignment[]): number | null {
  if (groundTruth.length === 0) return null;
  return groundTruth.reduce((sum, entry) => sum + entry.hyb, 0) / groundTruth.length;
}
