/** How well contradiction flags (p(contradiction) > threshold) match gold labels. */
export interface ContradictionFlags {
  threshold: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Share of flags that are real contradictions; 0 when nothing is flagged. */
  precision: number;
  /** Share of real contradictions flagged; 0 when there are none. */
  recall: number;
  f1: number;
}

/**
 * Counts the flags of the CARA rule (DESIGN §6: a pair is flagged when
 * p(contradiction) > τ, strictly) against gold contradiction labels, given in
 * the same order as the probabilities.
 */
export function contradictionFlags(probabilities: readonly number[], gold: readonly boolean[], threshold: number): ContradictionFlags {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  probabilities.forEach((probability, index) => {
    const flagged = probability > threshold;
    if (flagged && gold[index] === true) truePositives++;
    else if (flagged) falsePositives++;
    else if (gold[index] === true) falseNegatives++;
  });
  const precision = truePositives + falsePositives === 0 ? 0 : truePositives / (truePositives + falsePositives);
  const recall = truePositives + falseNegatives === 0 ? 0 : truePositives / (truePositives + falseNegatives);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { threshold, truePositives, falsePositives, falseNegatives, precision, recall, f1 };
}
