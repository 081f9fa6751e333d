/**
 * The q-quantile of already sorted numbers by linear interpolation between
 * order statistics (Hyndman & Fan type 7, the default of R and NumPy):
 * h = (n − 1)·q, result = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 * Throws on an empty list or a q outside [0, 1].
 */
export function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty list');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile level must be in [0, 1], got ${q}`);
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  const lower = sorted[below]!;
  if (below + 1 >= sorted.length) return lower;
  const upper = sorted[below + 1]!;
  // Equal neighbours return exactly, without a rounding residue from the interpolation.
  return lower === upper ? lower : lower + (h - below) * (upper - lower);
}

/** The q-quantile of numbers in any order (see `quantileOfSorted`). */
export function quantile(values: readonly number[], q: number): number {
  return quantileOfSorted([...values].sort((a, b) => a - b), q);
}

/** Arithmetic mean; null for an empty list. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
