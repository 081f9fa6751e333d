import { sampleRankCorrelation } from 'simple-statistics';

/**
 * Spearman's ρ: the Pearson correlation of the midranks (tied values share
 * the mean of the ranks they span), as R's `cor(x, y, method = "spearman")`
 * and SciPy's `spearmanr` compute it. Null when it is undefined: fewer than
 * two pairs, or one side without variation.
 */
export function spearmanRho(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError(`spearmanRho needs pairs: ${x.length} x values, ${y.length} y values`);
  if (x.length < 2) return null;
  const rho = sampleRankCorrelation([...x], [...y]);
  return Number.isFinite(rho) ? clamp(rho) : null;
}

// Floating-point residue can leave |ρ| a hair above 1 for perfectly monotone data.
function clamp(value: number): number {
  return Math.max(-1, Math.min(1, value));
}
