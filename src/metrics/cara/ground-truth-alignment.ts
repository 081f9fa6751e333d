import type { NliPair } from '../../spec/audit.js';
import type { GroundTruthAlignment } from '../../spec/audit-result.js';
import { bestMatches, type BestMatches } from './best-match.js';
import { bestMatchNliPairs, directionalAlignment, type ContradictionProbability } from './directional-alignment.js';
import type { AgentSteps } from './pair-alignment.js';

/** First pass of CARA-GT for one agent: best match of every scoring point among the agent's steps. */
export interface GroundTruthGeometry {
  points: AgentSteps;
  agent: AgentSteps;
  matches: BestMatches;
}

/** Cosines from the scoring points (as steps) to an agent's steps. */
export function groundTruthGeometry(points: AgentSteps, agent: AgentSteps): GroundTruthGeometry {
  return { points, agent, matches: bestMatches(points.vectors, agent.vectors) };
}

/** The NLI pairs CARA-GT needs for this agent: both orders of each point's best match. */
export function groundTruthNliPairs(geometry: GroundTruthGeometry): NliPair[] {
  if (geometry.points.steps.length === 0 || geometry.agent.steps.length === 0) return [];
  return bestMatchNliPairs(geometry.points.steps, geometry.agent.steps, geometry.matches.forward);
}

/**
 * HYB(points→agent) and SIM(points→agent): how well the agent's steps cover
 * the expert rationale, with the same contradiction override as CARA-HYB.
 * An agent without steps scores 0.
 */
export function scoreGroundTruth(geometry: GroundTruthGeometry, contradiction: ContradictionProbability, tau: number): GroundTruthAlignment {
  const { points, agent, matches } = geometry;
  if (points.steps.length === 0 || agent.steps.length === 0) return { agent: agent.name, hyb: 0, sim: 0, alignment: null };
  const alignment = directionalAlignment(points.steps, agent.steps, matches.forward, (i, j) => matches.cosine[i]![j]!, contradiction, tau);
  return { agent: agent.name, hyb: alignment.hyb, sim: alignment.sim, alignment };
}
