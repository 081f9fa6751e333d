import type { NliPair } from '../../spec/audit.js';
import type { DirectionalAlignment, StepMatch } from '../../spec/audit-result.js';

/** Default contradiction threshold τ (DESIGN §6). */
export const DEFAULT_TAU = 0.5;

/** pc(premise, hypothesis): the NLI probability that the premise contradicts the hypothesis. */
export type ContradictionProbability = (premise: string, hypothesis: string) => number;

/**
 * The NLI pairs a→b needs: both orders of every best-match pair
 * (aᵢ, b_j*) — 2·m pairs, not the 2·m·n of scoring every pair.
 */
export function bestMatchNliPairs(source: readonly string[], target: readonly string[], matches: readonly number[]): NliPair[] {
  return matches.flatMap((j, i) => [
    { premise: source[i]!, hypothesis: target[j]! },
    { premise: target[j]!, hypothesis: source[i]! },
  ]);
}

/**
 * SIM(a→b) and HYB(a→b) of DESIGN §6 from the best matches:
 *
 * - xᵢ = max(pc(aᵢ, b_j*), pc(b_j*, aᵢ)) > τ (strictly greater)
 * - SIM(a→b) = meanᵢ cos(aᵢ, b_j*)
 * - HYB(a→b) = meanᵢ sᵢ, sᵢ = −1 if xᵢ else cos(aᵢ, b_j*)
 *
 * `cosineOf(i, j)` reads the pair's cosine matrix; `matches[i]` is j*.
 * Needs at least one step on each side (empty sides are handled by the pair).
 */
export function directionalAlignment(
  source: readonly string[],
  target: readonly string[],
  matches: readonly number[],
  cosineOf: (i: number, j: number) => number,
  contradiction: ContradictionProbability,
  tau: number,
): DirectionalAlignment {
  if (source.length === 0 || target.length === 0) throw new RangeError('directional alignment needs steps on both sides');
  let simSum = 0;
  let hybSum = 0;
  const stepMatches: StepMatch[] = matches.map((j, i) => {
    const cosine = cosineOf(i, j);
    const forward = contradiction(source[i]!, target[j]!);
    const backward = contradiction(target[j]!, source[i]!);
    const flagged = Math.max(forward, backward) > tau;
    simSum += cosine;
    hybSum += flagged ? -1 : cosine;
    return { step: i, match: j, cosine, contradiction: [forward, backward], flagged };
  });
  return { sim: simSum / source.length, hyb: hybSum / source.length, matches: stepMatches };
}
