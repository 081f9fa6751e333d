import { ConcurrentFailures } from '../../spec/errors.js';
import type { DebateParams, DecisionRule } from '../../spec/debate-params.js';
import type { ProtocolContext } from '../../spec/protocol.js';
import type { VoteEvent } from '../../spec/trace.js';
import type { AnswerSheet } from './aggregate.js';
import { castBallot } from './ballot-call.js';
import { answerCandidates, ballotDecision, consensusDecision, consensusThreshold, type Decision, isVotingRule } from './decision-rules.js';

/** Whether the decision rule is applied after `round` (from `decisionFromRound`, and always after the last round). */
export function decisionDue(params: DebateParams, round: number): boolean {
  return params.decision !== 'none' && round >= Math.min(params.decisionFromRound, params.rounds);
}

/**
 * Applies the decision rule after a round. Consensus rules read the
 * round's vote; voting rules put the distinct answers to every agent
 * (ballot calls in parallel, their `ballot` events emitted in agent order)
 * and count the ballots. With a single candidate no ballot is cast: every
 * rule picks it, and the calls would buy nothing.
 */
export async function decideRound(context: ProtocolContext, params: DebateParams, round: number, vote: VoteEvent, answers: AnswerSheet): Promise<Decision> {
  const rule = params.decision as DecisionRule;
  if (!isVotingRule(rule)) return consensusDecision(rule, consensusThreshold(rule, params), vote);
  const candidates = answerCandidates(answers, context.sameAnswer);
  if (candidates.length <= 1) return { rule, decided: candidates.length === 1, winner: candidates[0] ?? null, candidates, ballots: [], scores: Object.fromEntries(candidates.map((candidate) => [candidate, 0])) };
  const limits = { candidates: candidates.length, maxRanks: params.maxRanks, points: params.cumulativePoints };
  // settled, not Promise.all: every agent whose ballot failed gets its own error event
  const settled = await Promise.allSettled(context.agents.map((agent) => castBallot(context, agent, rule, round, candidates, limits)));
  ConcurrentFailures.throwIfAny(settled);
  const cast = settled.map((result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof castBallot>>>).value);
  for (const { event } of cast) context.emit(event);
  return ballotDecision(rule, candidates, cast.map(({ ballot }) => ballot), { maxRanks: params.maxRanks, agents: context.agents.length });
}
