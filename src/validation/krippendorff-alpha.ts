/** Levels of measurement α is computed for; quorum's ratings are ordinal. */
export type AlphaMetric = 'nominal' | 'ordinal' | 'interval';

/** Krippendorff's α and what it was computed from. */
export interface KrippendorffAlpha {
  /** Null when undefined: no unit with two values, or every pairable value the same. */
  alpha: number | null;
  /** Units with at least two values (the others cannot be paired and are left out). */
  units: number;
  /** Values in those units: the n of the coincidence matrix. */
  pairableValues: number;
}

/**
 * Krippendorff's α reliability (Krippendorff 2011, "Computing
 * Krippendorff's Alpha-Reliability", §A–E): `units[u]` holds the values the
 * raters gave unit u (missing ratings simply absent).
 *
 *   o_ck = Σ_u (number of c–k pairs of values in u) / (m_u − 1)
 *   n_c  = Σ_k o_ck,  n = Σ_c n_c
 *   α    = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck
 *
 * δ²: nominal 1 for c ≠ k; interval (c − k)²; ordinal
 * (Σ_{g=c..k} n_g − (n_c + n_k)/2)², which uses only the order of the
 * values and how often each occurs — right for a 1–5 rating scale whose
 * steps need not be equal.
 */
export function krippendorffAlpha(units: ReadonlyArray<readonly number[]>, metric: AlphaMetric = 'ordinal'): KrippendorffAlpha {
  const pairable = units.filter((values) => values.length >= 2);
  const values = [...new Set(pairable.flat())].sort((a, b) => a - b);
  const index = new Map(values.map((value, position) => [value, position]));
  const size = values.length;
  const coincidences = Array.from({ length: size }, () => new Float64Array(size));
  for (const unit of pairable) {
    const weight = 1 / (unit.length - 1);
    for (let i = 0; i < unit.length; i++) {
      for (let j = 0; j < unit.length; j++) {
        if (i !== j) coincidences[index.get(unit[i]!)!]![index.get(unit[j]!)!]! += weight;
      }
    }
  }
  const marginals = coincidences.map((row) => row.reduce((sum, count) => sum + count, 0));
  const n = marginals.reduce((sum, count) => sum + count, 0);
  const distance = differenceFunction(metric, values, marginals);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < size; c++) {
    for (let k = 0; k < size; k++) {
      const delta = distance(c, k);
      observed += coincidences[c]![k]! * delta;
      expected += marginals[c]! * marginals[k]! * delta;
    }
  }
  const alpha = n <= 1 || expected === 0 ? null : 1 - ((n - 1) * observed) / expected;
  return { alpha, units: pairable.length, pairableValues: Math.round(n) };
}

/** δ²(c, k) on value positions c, k of the sorted distinct values. */
function differenceFunction(metric: AlphaMetric, values: readonly number[], marginals: readonly number[]): (c: number, k: number) => number {
  switch (metric) {
    case 'nominal':
      return (c, k) => (c === k ? 0 : 1);
    case 'interval':
      return (c, k) => (values[c]! - values[k]!) ** 2;
    case 'ordinal':
      return (c, k) => {
        const [low, high] = c <= k ? [c, k] : [k, c];
        let between = 0;
        for (let g = low; g <= high; g++) between += marginals[g]!;
        return (between - (marginals[low]! + marginals[high]!) / 2) ** 2;
      };
  }
}
