/**
 * Absolute distance within which two paired values — and two paired
 * differences — count as equal. Metric values are sums and means of
 * floating-point numbers: protocols with identical outcomes can differ by a
 * rounding residue (1 − 1.0000000000000002 = −2.2e-16), and a rank test
 * would call 200 such residues a certain effect. 1e-12 is far below any
 * difference a study can mean (metrics are shown with at most 5 digits) and
 * far above the residues of the sums involved.
 */
export const TIE_TOLERANCE = 1e-12;

/** a − b, or exactly 0 when |a − b| ≤ `TIE_TOLERANCE`. */
export function pairedDifference(a: number, b: number): number {
  const difference = a - b;
  return Math.abs(difference) <= TIE_TOLERANCE ? 0 : difference;
}

/**
 * The paired differences a[i] − b[i] every paired statistic works from (the
 * t test, Wilcoxon, McNemar, the bootstrap of the mean difference and the
 * effect sizes), so that no test sees rounding noise:
 *
 * - a difference within `TIE_TOLERANCE` of 0 is exactly 0 (a zero
 *   difference: Wilcoxon drops it, McNemar counts the pair as concordant);
 * - differences whose magnitudes lie within `TIE_TOLERANCE` of the smallest
 *   magnitude of their group get that magnitude (sign kept), so a rank test
 *   gives them tied ranks: 0.1 and 0.30000000000000004 − 0.2 are one value.
 *
 * Groups are formed greedily from the smallest magnitude up, each spanning at
 * most `TIE_TOLERANCE`, so a chain of near-equal values never merges values
 * further apart than that. No value moves by more than `TIE_TOLERANCE`.
 */
export function pairedDifferences(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new RangeError(`paired lists differ in length: ${a.length} and ${b.length}`);
  const differences = a.map((value, index) => pairedDifference(value, b[index]!));
  const order = differences.map((_, index) => index).sort((i, j) => Math.abs(differences[i]!) - Math.abs(differences[j]!));
  let groupMagnitude = Number.NaN;
  for (const index of order) {
    const magnitude = Math.abs(differences[index]!);
    if (magnitude === 0) continue;
    if (!(magnitude - groupMagnitude <= TIE_TOLERANCE)) groupMagnitude = magnitude;
    differences[index] = Math.sign(differences[index]!) * groupMagnitude;
  }
  return differences;
}
