import type { DebateParams, DecisionRule } from '../../spec/debate-params.js';
import type { Ballot, VoteEvent } from '../../spec/trace.js';
import type { AnswerEquality, AnswerSheet } from './aggregate.js';
import type { VotingRule } from './ballot-reading.js';

/** The decision part of a vote event. */
export type Decision = NonNullable<VoteEvent['decision']>;

/** Whether a rule decides by ballots (else by the answers' shares). */
export function isVotingRule(rule: DecisionRule): rule is VotingRule {
  return rule === 'approval' || rule === 'ranked' || rule === 'cumulative';
}

/** The share of all agents a consensus rule needs, as MALLM's threshold consensus sets it. */
export function consensusThreshold(rule: Exclude<DecisionRule, VotingRule>, params: Pick<DebateParams, 'supermajorityThreshold'>): number {
  if (rule === 'majority') return 0.5;
  if (rule === 'unanimity') return 1;
  return params.supermajorityThreshold;
}

/**
 * A consensus rule on a round's vote: decided when the plurality answer
 * (the vote's winner, ties already broken by the vote's rule) is given by at
 * least `threshold` of all agents — MALLM divides by every agent, so an
 * unparsed answer counts against, and compares with ≥ (2 of 4 is a majority).
 */
export function consensusDecision(rule: Exclude<DecisionRule, VotingRule>, threshold: number, vote: Pick<VoteEvent, 'winner' | 'tally' | 'answers'>): Decision {
  const agents = Object.keys(vote.answers).length;
  const support = vote.winner === null || agents === 0 ? 0 : (vote.tally[vote.winner] ?? 0) / agents;
  const decided = vote.winner !== null && support >= threshold;
  return { rule, decided, winner: decided ? vote.winner : null, threshold, support };
}

/**
 * The distinct answers of a round, in the order agents first gave them,
 * each named by its first spelling: equal answers under the dataset's
 * answer equality are one candidate, so votes never split between copies
 * of one answer.
 */
export function answerCandidates(answers: AnswerSheet, same: AnswerEquality): string[] {
  const candidates: string[] = [];
  for (const answer of answers.values()) {
    if (answer !== null && !candidates.some((candidate) => candidate === answer || same(candidate, answer))) candidates.push(answer);
  }
  return candidates;
}

/**
 * Counts the valid ballots of a voting rule, as MALLM does: approval — one
 * point per approval; ranked — position p (0-based) earns min(maxRanks,
 * agents) − p; cumulative — the allocated points. The unique top score
 * decides; a tie at the top (or no valid ballot) is no decision.
 */
export function ballotDecision(rule: VotingRule, candidates: readonly string[], ballots: readonly Ballot[], options: { maxRanks: number; agents: number }): Decision {
  const totals = candidates.map(() => 0);
  for (const ballot of ballots) {
    if (!ballot.valid) continue;
    for (const index of ballot.approvals ?? []) totals[index]! += 1;
    (ballot.ranking ?? []).forEach((index, position) => (totals[index]! += Math.min(options.maxRanks, options.agents) - position));
    for (const [index, points] of Object.entries(ballot.points ?? {})) totals[Number(index)]! += points;
  }
  const scores = Object.fromEntries(candidates.map((candidate, index) => [candidate, totals[index]!]));
  const anyValid = ballots.some((ballot) => ballot.valid);
  const top = Math.max(...totals);
  const leaders = candidates.filter((_, index) => totals[index] === top);
  const decided = anyValid && leaders.length === 1;
  return {
    rule,
    decided,
    winner: decided ? leaders[0]! : null,
    candidates: [...candidates],
    ballots: [...ballots],
    scores,
    ...(anyValid && leaders.length > 1 ? { tied: leaders } : {}),
  };
}

/**
 * The answer when the last round brought no decision. `mallm`: as MALLM's
 * discussion ends at its turn limit — a consensus rule returns the leading
 * answer (MALLM: the current draft), a voting rule returns none (MALLM: an
 * empty answer); `plurality`: the round's plurality vote; `none`: no answer.
 */
export function fallbackAnswer(rule: DecisionRule, fallback: DebateParams['decisionFallback'], plurality: string | null): string | null {
  if (fallback === 'none') return null;
  if (fallback === 'plurality') return plurality;
  return isVotingRule(rule) ? null : plurality;
}
