/**
 * An embedding scaled to length 1 (L2), in double precision so that cosines
 * are plain dot products (DESIGN §6: `cos` of L2-normalised embeddings).
 * A zero vector (a text with no usable content) stays zero: its cosine with
 * anything is 0, not NaN.
 */
export function unitVector(vector: ArrayLike<number>): Float64Array {
  const result = new Float64Array(vector.length);
  let squares = 0;
  for (let i = 0; i < vector.length; i++) squares += vector[i]! * vector[i]!;
  const norm = Math.sqrt(squares);
  if (norm === 0 || !Number.isFinite(norm)) return result;
  for (let i = 0; i < vector.length; i++) result[i] = vector[i]! / norm;
  return result;
}

/**
 * The cosine of two unit vectors: their dot product, clamped to [−1, 1].
 * Rounding makes the dot product of a unit vector with itself land an ulp
 * outside (unitVector([1, 1, 1]) · itself = 1.0000000000000002), and a
 * bounded metric must not print more than its bound (CARA-HYB and SIM
 * averages of such cosines did). Clamping here, where the cosine is made,
 * keeps every mean, best match and stored matrix inside the bound.
 */
export function cosine(a: Float64Array, b: Float64Array): number {
  return Math.min(1, Math.max(-1, dot(a, b)));
}

/** Dot product of two vectors of the same length (the cosine of unit vectors, unclamped: see `cosine`). */
export function dot(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length) throw new RangeError(`vectors of different lengths (${a.length} and ${b.length}): were they made by the same embedding model?`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
