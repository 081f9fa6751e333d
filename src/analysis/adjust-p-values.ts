import padjust from '@stdlib/stats-padjust';

/** Multiplicity corrections a study can ask for. */
export const CORRECTIONS = ['holm', 'bonferroni'] as const;
export type Correction = (typeof CORRECTIONS)[number];

/** How a correction is named in tables. */
export const CORRECTION_LABEL: Readonly<Record<Correction, string>> = { holm: 'Holm', bonferroni: 'Bonferroni' };

/**
 * Adjusts a family of p-values for multiple testing via @stdlib/stats-padjust
 * — the same values as R's `p.adjust(p, method)`: `bonferroni` multiplies
 * each p by the family size m (capped at 1); `holm` is Holm's (1979)
 * step-down version, never larger than Bonferroni's and controlling the same
 * family-wise error rate. Undefined tests (null) keep their place and are
 * left out of the family, so they neither count as comparisons nor get a
 * value — unless `familySize` says how many tests the family has (R's `n`
 * argument): a declared family of hypotheses keeps its size when one of its
 * tests turns out undefined, which is the same as giving that test p = 1.
 * The library rearranges the array it is given, so it gets a copy.
 */
export function adjustPValues(pValues: ReadonlyArray<number | null>, correction: Correction, familySize?: number): Array<number | null> {
  const defined = pValues.flatMap((p, index) => (p === null ? [] : [{ p, index }]));
  const adjusted: Array<number | null> = pValues.map(() => null);
  if (defined.length === 0) return adjusted;
  if (familySize !== undefined && !(Number.isInteger(familySize) && familySize >= defined.length)) throw new RangeError(`family size ${familySize} is smaller than the ${defined.length} p-values given`);
  const values = padjust(
    defined.map((entry) => entry.p),
    correction,
    familySize ?? defined.length,
  );
  defined.forEach((entry, position) => (adjusted[entry.index] = values[position]!));
  return adjusted;
}

/** Holm's step-down adjustment (`adjustPValues(p, 'holm')`). */
export function holmAdjust(pValues: ReadonlyArray<number | null>): Array<number | null> {
  return adjustPValues(pValues, 'holm');
}

/** Bonferroni's adjustment (`adjustPValues(p, 'bonferroni')`). */
export function bonferroniAdjust(pValues: ReadonlyArray<number | null>): Array<number | null> {
  return adjustPValues(pValues, 'bonferroni');
}
