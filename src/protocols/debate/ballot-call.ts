import type { ChatMessage } from '../../spec/chat.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { Ballot, BallotEvent } from '../../spec/trace.js';
import { type BallotLimits, readBallot, type VotingRule } from './ballot-reading.js';
import { renderQuestion } from '../render-question.js';
import { completeCall } from '../model-call.js';

// Wording of MALLM's voting prompts (mallm/models/discussion/ResponseGenerator.py:
// voting_base_prompt, generate_approval_voting_prompt, generate_ranking_prompt,
// generate_cumulative_voting_prompt); the point total follows `cumulativePoints`.
const OPENING: Record<VotingRule, (points: number) => string> = {
  approval: () => 'You are tasked with approving any number of solutions from the list provided below based on the given task.',
  ranked: () => 'You are tasked with ranking the solutions from the most preferred to the least preferred based on the given task.',
  cumulative: (points) => `You are tasked with distributing ${points} points among the provided solutions based on the given task.`,
};
const REQUEST: Record<VotingRule, (points: number, maxRanks: number) => string> = {
  approval: () => 'Based on the above solutions, please provide the numbers of the solutions you are approving, separated by commas. Answer only with the numbers.',
  ranked: (_, maxRanks) =>
    `Based on the above solutions, please provide the rankings of the solutions separated by spaces. Example: '0 2 1' if you prefer Solution 0 the most, then Solution 2, and finally Solution 1. Provide up to ${maxRanks} rankings. Only answer with the rankings.`,
  cumulative: (points) =>
    `Based on the above solutions, please distribute ${points} points among the solutions. Provide your points allocation as a JSON dictionary where keys are solution numbers (as int) and values are the points. The total points should sum up to ${points}. Answer only with the JSON dictionary.`,
};

/**
 * The messages of one ballot, laid out as MALLM's anonymous vote: the
 * agent's role (its persona, when it has one) as system message, then the
 * task and question with "Here are the possible solutions:", one user
 * message per candidate ("Solution 0: …"), and the rule's request.
 * MALLM's "Task:" is its dataset instruction; quorum's question block
 * already carries the options, so the task line asks for the answer kind.
 */
export function ballotMessages(rule: VotingRule, context: Pick<ProtocolContext, 'question'>, agent: Pick<Agent, 'persona'>, candidates: readonly string[], limits: BallotLimits): ChatMessage[] {
  const role: ChatMessage[] = agent.persona === undefined ? [] : [{ role: 'system', content: `Your role: ${agent.persona}` }];
  return [
    ...role,
    { role: 'user', content: `${OPENING[rule](limits.points)}\nTask: Answer the question.\n${renderQuestion(context.question)}\n\nHere are the possible solutions:` },
    ...candidates.map((candidate, index): ChatMessage => ({ role: 'user', content: `Solution ${index}: ${candidate}` })),
    { role: 'user', content: REQUEST[rule](limits.points, limits.maxRanks) },
  ];
}

/** Asks one agent for its ballot after `round`, records the call as a `ballot` event, and returns the ballot as read. */
export async function castBallot(context: ProtocolContext, agent: Agent, rule: VotingRule, round: number, candidates: readonly string[], limits: BallotLimits): Promise<{ ballot: Ballot; event: BallotEvent }> {
  const messages = ballotMessages(rule, context, agent, candidates, limits);
  const { response, seed, fields } = await completeCall(context, agent, { messages, sampleIndex: 0 }, { name: agent.name, round, seedKey: [agent.name, round, 'ballot'] });
  const ballot = readBallot(rule, agent.name, response.text, limits);
  const event: BallotEvent = {
    type: 'ballot',
    round,
    ...ballot,
    seed,
    ...fields,
  };
  return { ballot, event };
}
