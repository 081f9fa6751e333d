import { isMmqaNumber } from './normalize-answer.js';

/**
 * MultiModalQA's `_align_bags`: the F1 of every (gold, predicted) pair of
 * token sets (0 when the gold names numbers and the prediction none of
 * them), the one-to-one assignment with the largest total (SciPy's
 * `linear_sum_assignment`), and one score per gold answer, padded with
 * zeros to the longer of the two lists.
 */
export function alignBags(predicted: ReadonlyArray<ReadonlySet<string>>, gold: ReadonlyArray<ReadonlySet<string>>): number[] {
  const scores = gold.map((goldBag) => predicted.map((predictedBag) => (matchNumbersIfPresent(goldBag, predictedBag) ? bagF1(predictedBag, goldBag) : 0)));
  const assigned = bestAssignment(scores, gold.length, predicted.length);
  const rowScores = new Array<number>(Math.max(gold.length, predicted.length)).fill(0);
  assigned.forEach((column, row) => {
    if (column !== undefined) rowScores[row] = Math.max(rowScores[row]!, scores[row]![column]!);
  });
  return rowScores;
}

/** `_compute_f1` on token sets: an empty set has precision (or recall) 1. */
export function bagF1(predicted: ReadonlySet<string>, gold: ReadonlySet<string>): number {
  let intersection = 0;
  for (const token of gold) if (predicted.has(token)) intersection += 1;
  const precision = predicted.size === 0 ? 1 : intersection / predicted.size;
  const recall = gold.size === 0 ? 1 : intersection / gold.size;
  return precision === 0 && recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function matchNumbersIfPresent(gold: ReadonlySet<string>, predicted: ReadonlySet<string>): boolean {
  const goldNumbers = [...gold].filter(isMmqaNumber);
  if (goldNumbers.length === 0) return true;
  return goldNumbers.some((word) => predicted.has(word));
}

/**
 * The column assigned to each row in a maximum-total one-to-one assignment
 * (the Hungarian method, as SciPy's `linear_sum_assignment` solves it). Any
 * maximum assignment gives the same total, which is all the evaluator uses.
 */
function bestAssignment(scores: readonly number[][], rows: number, columns: number): Array<number | undefined> {
  const byRow = new Array<number | undefined>(rows).fill(undefined);
  if (rows === 0 || columns === 0) return byRow;
  if (rows > columns) {
    const transposed = Array.from({ length: columns }, (_, column) => Array.from({ length: rows }, (_, row) => scores[row]![column]!));
    bestAssignment(transposed, columns, rows).forEach((row, column) => {
      if (row !== undefined) byRow[row] = column;
    });
    return byRow;
  }
  // 1-based potentials u (rows), v (columns); owner[j] is the row holding column j (0: none).
  const cost = (row: number, column: number): number => -scores[row - 1]![column - 1]!;
  const u = new Array<number>(rows + 1).fill(0);
  const v = new Array<number>(columns + 1).fill(0);
  const owner = new Array<number>(columns + 1).fill(0);
  const way = new Array<number>(columns + 1).fill(0);
  for (let row = 1; row <= rows; row += 1) {
    owner[0] = row;
    let current = 0;
    const minimum = new Array<number>(columns + 1).fill(Infinity);
    const used = new Array<boolean>(columns + 1).fill(false);
    do {
      used[current] = true;
      const from = owner[current]!;
      let delta = Infinity;
      let next = 0;
      for (let column = 1; column <= columns; column += 1) {
        if (used[column]) continue;
        const reduced = cost(from, column) - u[from]! - v[column]!;
        if (reduced < minimum[column]!) {
          minimum[column] = reduced;
          way[column] = current;
        }
        if (minimum[column]! < delta) {
          delta = minimum[column]!;
          next = column;
        }
      }
      for (let column = 0; column <= columns; column += 1) {
        if (used[column]) {
          u[owner[column]!]! += delta;
          v[column]! -= delta;
        } else minimum[column]! -= delta;
      }
      current = next;
    } while (owner[current] !== 0);
    do {
      const previous = way[current]!;
      owner[current] = owner[previous]!;
      current = previous;
    } while (current !== 0);
  }
  for (let column = 1; column <= columns; column += 1) if (owner[column]! > 0) byRow[owner[column]! - 1] = column - 1;
  return byRow;
}
