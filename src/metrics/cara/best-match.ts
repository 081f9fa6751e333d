import { cosine as clampedCosine } from './unit-vector.js';

/**
 * The cosine matrix of two step lists and the best match of every step in
 * both directions (DESIGN §6 "Best match"). One matrix serves a→b (row
 * maxima) and b→a (column maxima), so each agent pair costs m·n dot
 * products once.
 */
export interface BestMatches {
  /** cosine[i][j] = cos(aᵢ, bⱼ); m rows of n. */
  cosine: Float64Array[];
  /** j* of every step of a: argmaxⱼ cos(aᵢ, bⱼ). */
  forward: number[];
  /** i* of every step of b: argmaxᵢ cos(aᵢ, bⱼ). */
  backward: number[];
}

/**
 * Builds the matrix from unit vectors and finds the best matches. Ties go
 * to the lowest index, so the result does not depend on anything but the
 * inputs. Either side may be empty (no matches).
 */
export function bestMatches(a: readonly Float64Array[], b: readonly Float64Array[]): BestMatches {
  const cosine = a.map((row) => {
    const cosines = new Float64Array(b.length);
    for (let j = 0; j < b.length; j++) cosines[j] = clampedCosine(row, b[j]!);
    return cosines;
  });
  const forward = cosine.map((row) => argmax(row.length, (j) => row[j]!));
  const backward = b.map((_, j) => argmax(a.length, (i) => cosine[i]![j]!));
  return { cosine, forward, backward };
}

/** Index of the largest value, the first one on ties; -1 for none. */
function argmax(count: number, value: (index: number) => number): number {
  let best = -1;
  let bestValue = -Infinity;
  for (let index = 0; index < count; index++) {
    const candidate = value(index);
    if (candidate > bestValue) {
      best = index;
      bestValue = candidate;
    }
  }
  return best;
}
