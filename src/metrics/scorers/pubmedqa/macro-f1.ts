/**
 * scikit-learn's `f1_score(truth, predictions, average='macro')`: the
 * unweighted mean of per-label F1 over every label that occurs in either
 * list. A label with no true and no predicted instances cannot occur; one
 * that is only predicted (or only true) has F1 0, as sklearn sets an
 * ill-defined precision or recall to 0. Null for empty input.
 */
export function macroF1(truth: readonly string[], predictions: readonly string[]): number | null {
  if (truth.length === 0 || truth.length !== predictions.length) return null;
  const labels = [...new Set([...truth, ...predictions])].sort();
  const scores = labels.map((label) => {
    let truePositive = 0;
    let predicted = 0;
    let actual = 0;
    truth.forEach((gold, index) => {
      const hit = predictions[index] === label;
      if (hit) predicted++;
      if (gold === label) {
        actual++;
        if (hit) truePositive++;
      }
    });
    // 2·TP / (2·TP + FP + FN) equals 2PR/(P+R), and is 0 exactly where sklearn's zero_division makes it 0
    return truePositive === 0 ? 0 : (2 * truePositive) / (predicted + actual);
  });
  return scores.reduce((sum, value) => sum + value, 0) / scores.length;
}
