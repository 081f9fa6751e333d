/** Arithmetic mean; null for an empty list. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Median (mean of the middle two for an even count); null for an empty list. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Population variance Σ(x − x̄)² / n. Exactly 0 when all values are equal
 * (checked directly: the two-pass formula can leave a rounding residue).
 */
export function populationVariance(values: readonly number[]): number {
  if (values.length === 0 || values.every((value) => value === values[0])) return 0;
  const average = mean(values)!;
  let sum = 0;
  for (const value of values) sum += (value - average) ** 2;
  return sum / values.length;
}

/** The finite number a stored answer holds, or null (unparsed, non-numeric, blank). */
export function answerNumber(answer: string | null | undefined): number | null {
  if (answer === null || answer === undefined || answer.trim() === '') return null;
  const value = Number(answer);
  return Number.isFinite(value) ? value : null;
}
