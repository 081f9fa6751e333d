/**
 * rouge-score's default tokenizer: lower case, every run of characters
 * other than a–z and 0–9 is a separator (so punctuation is dropped).
 */
export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((token) => token !== '');
}

/** Precision, recall and F-measure of ROUGE-L. */
export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

/**
 * Sentence-level ROUGE-L as `rouge_score.rouge_scorer` computes `rougeL`
 * (FeTaQA's measure): the longest common subsequence of the whole token
 * sequences, precision over the prediction, recall over the target, F1.
 * rouge-score's own example: target "The quick brown fox jumps over the
 * lazy dog", prediction "The quick brown dog jumps on the log." gives
 * P 0.625, R 0.5556, F 0.5882. (js-rouge's `l()` is summary-level and
 * keeps punctuation as tokens, hence this whole-text LCS.)
 */
export function rougeL(prediction: string, target: string): RougeScore {
  const predicted = rougeTokens(prediction);
  const expected = rougeTokens(target);
  if (predicted.length === 0 || expected.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const lcs = lcsLength(expected, predicted);
  const precision = lcs / predicted.length;
  const recall = lcs / expected.length;
  return { precision, recall, fmeasure: lcs === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

function lcsLength(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const token of a) {
    const current = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1) current[j] = token === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    previous = current;
  }
  return previous[b.length]!;
}
