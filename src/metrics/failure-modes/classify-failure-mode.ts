import type { AgentAudit, FailureMode, FailureModeSettings, PairAlignment } from '../../spec/audit-result.js';
import { isVagueStep } from './vague-step.js';

/** Order in which matching rules give the primary label: missing reasoning first, then contradictions, vagueness, structure. */
export const FAILURE_MODE_PRECEDENCE: readonly FailureMode[] = ['FM4', 'FM5', 'FM2', 'FM3', 'FM1', 'FM6'];

/** What the rules read about one eligible unit. */
export interface FailureModeEvidence {
  /** Agents of S(q) only. */
  agents: readonly AgentAudit[];
  /** Unordered pairs of S(q). */
  pairs: readonly PairAlignment[];
  sim: number;
  flaggedPairs: number;
}

/** The labels of one low-CARA unit and the counts behind FM3. */
export interface FailureModeLabels {
  /** Every rule that matched, in precedence order; the first is the primary label. */
  labels: FailureMode[];
  vagueSteps: number;
  agreementSetSteps: number;
}

/**
 * Labels a low-CARA unit (docs/metrics.md, "Failure modes"). Rules, over
 * the agents of S(q):
 *
 * - FM4 sycophantic convergence: an agent changed its answer to the final
 *   one and has no step of its own (none, or only copies of peers' earlier steps).
 * - FM5 answer without rationale (quorum's own): an agent with no step at
 *   all that did not change its answer.
 * - FM2 contradictory rationale (quorum's own): a flagged best-match pair.
 * - FM3 vague smoothing (quorum's own): at least `vagueShare` of the steps are hedged or generic.
 * - FM1 complementary reasoning: every agent has steps, nothing flagged,
 *   SIM(q) < `lowSim`, and every agent has a step without a counterpart
 *   (best-match cosine below `counterpartCosine` against every peer).
 * - FM6 partial overlap: every agent has steps, nothing flagged, not FM1.
 */
export function classifyFailureModes(evidence: FailureModeEvidence, settings: FailureModeSettings): FailureModeLabels {
  const matched = new Set<FailureMode>();
  const { agents, pairs } = evidence;
  if (agents.some((agent) => agent.moved && agent.ownSteps === 0)) matched.add('FM4');
  if (agents.some((agent) => agent.steps.length === 0 && !agent.moved)) matched.add('FM5');
  if (evidence.flaggedPairs > 0) matched.add('FM2');
  const steps = agents.flatMap((agent) => agent.steps);
  const vagueSteps = steps.filter(isVagueStep).length;
  if (steps.length > 0 && vagueSteps / steps.length >= settings.vagueShare) matched.add('FM3');
  if (evidence.flaggedPairs === 0 && agents.every((agent) => agent.steps.length > 0)) {
    const complementary = evidence.sim < settings.lowSim && agents.every((agent) => hasUnmatchedStep(agent, pairs, settings.counterpartCosine));
    matched.add(complementary ? 'FM1' : 'FM6');
  }
  return { labels: FAILURE_MODE_PRECEDENCE.filter((label) => matched.has(label)), vagueSteps, agreementSetSteps: steps.length };
}

/** Whether some step of the agent has a best-match cosine below `threshold` against every peer. */
function hasUnmatchedStep(agent: AgentAudit, pairs: readonly PairAlignment[], threshold: number): boolean {
  const bestAgainstPeers = new Array<number>(agent.steps.length).fill(-Infinity);
  for (const pair of pairs) {
    const direction = pair.a === agent.name ? pair.forward : pair.b === agent.name ? pair.backward : null;
    for (const match of direction?.matches ?? []) bestAgainstPeers[match.step] = Math.max(bestAgainstPeers[match.step]!, match.cosine);
  }
  return bestAgainstPeers.some((cosine) => cosine < threshold);
}
