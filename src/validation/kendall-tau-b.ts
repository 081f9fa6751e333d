/**
 * Kendall's τ-b, the tie-corrected rank correlation (Kendall 1945), as R's
 * `cor(x, y, method = "kendall")` and SciPy's `kendalltau` compute it:
 *
 *   τ-b = (C − D) / √((n₀ − n₁)(n₀ − n₂))
 *
 * with C and D the concordant and discordant pairs, n₀ = n(n−1)/2, n₁ and
 * n₂ the pairs tied in x and in y. A pair tied in both counts in n₁ and n₂
 * and in neither C nor D. O(n²), which is nothing for the hundreds of
 * questions a validation holds. Null when undefined: fewer than two pairs,
 * or one side without variation.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`kendallTauB needs pairs: ${x.length} x values, ${y.length} y values`);
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0) tiedX += 1;
      if (dy === 0) tiedY += 1;
      if (dx !== 0 && dy !== 0) {
        if (dx === dy) concordant += 1;
        else discordant += 1;
      }
    }
  }
  const pairs = (n * (n - 1)) / 2;
  const denominator = Math.sqrt((pairs - tiedX) * (pairs - tiedY));
  return denominator === 0 ? null : (concordant - discordant) / denominator;
}
