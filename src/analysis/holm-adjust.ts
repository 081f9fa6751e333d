import padjust from '@stdlib/stats-padjust';

/**
 * Holm's step-down adjustment (Holm 1979) of a family of p-values, via
 * @stdlib/stats-padjust — the same values as R's `p.adjust(p, 'holm')`.
 * Undefined tests (null) keep their place and are left out of the family,
 * so they neither count as comparisons nor get a value. The library
 * rearranges the array it is given, so it gets a copy.
 */
export function holmAdjust(pValues: ReadonlyArray<number | null>): Array<number | null> {
  const defined = pValues.flatMap((p, index) => (p === null ? [] : [{ p, index }]));
  const adjusted: Array<number | null> = pValues.map(() => null);
  if (defined.length === 0) return adjusted;
  const values = padjust(
    defined.map((entry) => entry.p),
    'holm',
  );
  defined.forEach((entry, position) => (adjusted[entry.index] = values[position]!));
  return adjusted;
}
