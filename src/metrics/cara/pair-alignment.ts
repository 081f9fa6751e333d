import type { NliPair } from '../../spec/audit.js';
import type { PairAlignment } from '../../spec/audit-result.js';
import { bestMatches, type BestMatches } from './best-match.js';
import { bestMatchNliPairs, directionalAlignment, type ContradictionProbability } from './directional-alignment.js';

/** One agent's steps and their unit vectors, in the same order. */
export interface AgentSteps {
  name: string;
  steps: readonly string[];
  vectors: readonly Float64Array[];
}

/**
 * The first pass over an agent pair: the cosine matrix and best matches,
 * from which the NLI pairs to score are known. Kept until the batched NLI
 * call of the whole audit has returned.
 */
export interface PairGeometry {
  a: AgentSteps;
  b: AgentSteps;
  matches: BestMatches;
}

/** Cosines and best matches of an agent pair. */
export function pairGeometry(a: AgentSteps, b: AgentSteps): PairGeometry {
  return { a, b, matches: bestMatches(a.vectors, b.vectors) };
}

/** The NLI pairs the pair needs: 2·m for a→b plus 2·n for b→a (none when a side is empty). */
export function pairNliPairs(geometry: PairGeometry): NliPair[] {
  const { a, b, matches } = geometry;
  if (a.steps.length === 0 || b.steps.length === 0) return [];
  return [...bestMatchNliPairs(a.steps, b.steps, matches.forward), ...bestMatchNliPairs(b.steps, a.steps, matches.backward)];
}

/** Rounds a cosine for storage: 4 decimals are plenty for a heatmap and keep details small. */
function rounded(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

/**
 * The second pass: directional scores both ways and their symmetrisation
 * HYB(a, b) = ½(HYB(a→b) + HYB(b→a)), likewise SIM. A pair where one side
 * has no steps scores 0 for both and is marked `empty` (DESIGN §6).
 */
export function scorePair(geometry: PairGeometry, contradiction: ContradictionProbability, tau: number): PairAlignment {
  const { a, b, matches } = geometry;
  const cosine = matches.cosine.map((row) => Array.from(row, rounded));
  if (a.steps.length === 0 || b.steps.length === 0) {
    return { a: a.name, b: b.name, hyb: 0, sim: 0, empty: true, cosine, forward: null, backward: null };
  }
  const forward = directionalAlignment(a.steps, b.steps, matches.forward, (i, j) => matches.cosine[i]![j]!, contradiction, tau);
  const backward = directionalAlignment(b.steps, a.steps, matches.backward, (j, i) => matches.cosine[i]![j]!, contradiction, tau);
  return {
    a: a.name,
    b: b.name,
    hyb: (forward.hyb + backward.hyb) / 2,
    sim: (forward.sim + backward.sim) / 2,
    empty: false,
    cosine,
    forward,
    backward,
  };
}
