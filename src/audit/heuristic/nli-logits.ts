import type { NliScores } from '../../spec/audit.js';

/** Share of `hypothesis` stems found in `premise`, leaving out `excluded`; 0 when nothing is left to compare. */
export function coverageOf(hypothesis: Iterable<string>, premise: ReadonlySet<string>, excluded: ReadonlySet<string> = new Set()): number {
  let total = 0;
  let covered = 0;
  for (const stem of hypothesis) {
    if (excluded.has(stem)) continue;
    total++;
    if (premise.has(stem)) covered++;
  }
  // Nothing left to compare (e.g. "Nobody is there."): the sentences cannot be shown to be about the same thing.
  return total === 0 ? 0 : covered / total;
}

/** Softmax of three logits into probabilities that sum to 1. */
export function softmax(logits: NliScores): NliScores {
  const top = Math.max(logits.entailment, logits.neutral, logits.contradiction);
  const entailment = Math.exp(logits.entailment - top);
  const neutral = Math.exp(logits.neutral - top);
  const contradiction = Math.exp(logits.contradiction - top);
  const total = entailment + neutral + contradiction;
  return { entailment: entailment / total, neutral: neutral / total, contradiction: contradiction / total };
}
