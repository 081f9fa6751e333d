import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readBallot } from '../../src/protocols/debate/ballot-reading.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { answerCandidates, ballotDecision, consensusDecision } from '../../src/protocols/debate/decision-rules.js';
import type { DebateOverrides } from '../../src/spec/debate-params.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { Ballot, ProtocolEventInput } from '../../src/spec/trace.js';
import { agentsOn, isBallot, scriptedDebate } from '../helpers/scripted-debaters.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

const question: Question = {
  id: 'q1',
  prompt: 'Which drug treats symptomatic bradycardia first?',
  options: { A: 'Atropine', B: 'Adenosine', C: 'Amiodarone', D: 'Metoprolol' },
  gold: { kind: 'choice', value: 'A' },
};

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;
type Vote = Extract<ProtocolEventInput, { type: 'vote' }>;
type Final = Extract<ProtocolEventInput, { type: 'final' }>;

async function run(preset: string, overrides: DebateOverrides, answers: Record<string, string[]>, ballots: Record<string, string> = {}, count = 3) {
  const backend = scriptedDebate(answers, { ballots });
  const events: ProtocolEventInput[] = [];
  await createDebateProtocol(preset, overrides).run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: agentsOn(backend, count), seed: 7, emit: (event) => events.push(event) }));
  return {
    events,
    backend,
    turns: events.filter((event): event is Turn => event.type === 'turn'),
    votes: events.filter((event): event is Vote => event.type === 'vote'),
    ballots: events.filter((event) => event.type === 'ballot'),
    final: events.find((event): event is Final => event.type === 'final')!,
  };
}

function sawMatrix(turns: Turn[]): Record<string, string> {
  return Object.fromEntries(turns.map((turn) => [`${turn.agent.slice(-1)}${turn.round}`, turn.saw.map((ref) => `${ref.agent.slice(-1)}${ref.round}`).join(' ')]));
}

const vote = (answers: Record<string, string | null>, winner: string | null, tally: Record<string, number>) => ({ answers, winner, tally });

describe('consensus decision rules (MALLM threshold consensus)', () => {
  it('majority needs ≥ 50 % of all agents; unparsed answers count against', () => {
    // 2 of 4 agents say A, one B, one unparsed: 2/4 = 0.5 ≥ 0.5 → decided (MALLM compares with ≥)
    const split = vote({ a: 'A', b: 'A', c: 'B', d: null }, 'A', { A: 2, B: 1 });
    assert.deepEqual(consensusDecision('majority', 0.5, split), { rule: 'majority', decided: true, winner: 'A', threshold: 0.5, support: 0.5 });
    // the same round: 0.5 < 0.66 (supermajority) and < 1 (unanimity)
    assert.equal(consensusDecision('supermajority', 0.66, split).decided, false);
    assert.equal(consensusDecision('unanimity', 1, split).winner, null);
  });

  it('supermajority at MALLM\'s 0.66 admits 2 of 3 agents (0.667)', () => {
    const twoOfThree = vote({ a: 'A', b: 'A', c: 'B' }, 'A', { A: 2, B: 1 });
    assert.equal(consensusDecision('supermajority', 0.66, twoOfThree).decided, true);
    assert.equal(consensusDecision('supermajority', 0.75, twoOfThree).decided, false);
  });

  it('no parseable answer is no decision', () => {
    assert.equal(consensusDecision('majority', 0.5, vote({ a: null, b: null }, null, {})).decided, false);
  });
});

describe('ballots: tolerant reading', () => {
  const limits = { candidates: 3, maxRanks: 5, points: 10 };
  it('approval reads every candidate number once, ignoring numbers out of range', () => {
    assert.deepEqual(readBallot('approval', 'a', 'I approve Solution 0 and 2 (and 2 again), not 7.', limits), { agent: 'a', rule: 'approval', valid: true, approvals: [0, 2] });
    assert.equal(readBallot('approval', 'a', 'none of them', limits).valid, false);
  });

  it('ranked keeps order, drops repeats, refuses a candidate that does not exist', () => {
    assert.deepEqual(readBallot('ranked', 'a', 'Ranking: 2 0 1 2', limits).ranking, [2, 0, 1]);
    assert.equal(readBallot('ranked', 'a', '0 7', limits).valid, false);
    assert.deepEqual(readBallot('ranked', 'a', '2 1 0', { ...limits, maxRanks: 2 }).ranking, [2, 1]);
  });

  it('cumulative reads a JSON dictionary (keys quoted or not) that sums to the points', () => {
    assert.deepEqual(readBallot('cumulative', 'a', 'Here: {"0": 6, "1": 4}', limits).points, { '0': 6, '1': 4 });
    assert.deepEqual(readBallot('cumulative', 'a', '{0: 10}', limits).points, { '0': 10 });
    assert.deepEqual(readBallot('cumulative', 'a', '0: 3, 2: 7', limits).points, { '0': 3, '2': 7 });
    const short = readBallot('cumulative', 'a', '{"0": 5, "1": 4}', limits);
    assert.deepEqual([short.valid, short.problem], [false, 'points sum to 9, not 10']);
    assert.equal(readBallot('cumulative', 'a', '{"5": 10}', limits).valid, false);
    assert.equal(readBallot('cumulative', 'a', 'ten points to the first', limits).valid, false);
  });
});

describe('voting decision rules on hand-built ballots', () => {
  const candidates = ['A', 'B', 'C'];
  const ballot = (fields: Partial<Ballot> & Pick<Ballot, 'rule'>): Ballot => ({ agent: 'x', valid: true, ...fields });

  it('approval: most approvals wins', () => {
    // approvals: A by 1, B by 3, C by 1 → B
    const decision = ballotDecision('approval', candidates, [ballot({ rule: 'approval', approvals: [0, 1] }), ballot({ rule: 'approval', approvals: [1] }), ballot({ rule: 'approval', approvals: [1, 2] })], { maxRanks: 5, agents: 3 });
    assert.deepEqual([decision.decided, decision.winner, decision.scores], [true, 'B', { A: 1, B: 3, C: 1 }]);
  });

  it('ranked: position p scores min(maxRanks, agents) − p', () => {
    // 3 agents → 3, 2, 1 points. A: 3+2+1 = 6; B: 2+3+3 = 8; C: 1+1+2 = 4 → B
    const decision = ballotDecision('ranked', candidates, [ballot({ rule: 'ranked', ranking: [0, 1, 2] }), ballot({ rule: 'ranked', ranking: [1, 0, 2] }), ballot({ rule: 'ranked', ranking: [1, 2, 0] })], { maxRanks: 5, agents: 3 });
    assert.deepEqual([decision.winner, decision.scores], ['B', { A: 6, B: 8, C: 4 }]);
  });

  it('cumulative: the most points wins; invalid ballots count for nothing', () => {
    // A: 6 + 0 = 6 (the invalid 10 for A ignored); B: 4 + 10 = 14 → B
    const decision = ballotDecision('cumulative', candidates, [ballot({ rule: 'cumulative', points: { '0': 6, '1': 4 } }), ballot({ rule: 'cumulative', points: { '1': 10 } }), ballot({ rule: 'cumulative', valid: false, problem: 'sum' })], { maxRanks: 5, agents: 3 });
    assert.deepEqual([decision.winner, decision.scores], ['B', { A: 6, B: 14, C: 0 }]);
  });

  it('a tie at the top, or no valid ballot, is no decision', () => {
    const tie = ballotDecision('approval', candidates, [ballot({ rule: 'approval', approvals: [0] }), ballot({ rule: 'approval', approvals: [1] })], { maxRanks: 5, agents: 2 });
    assert.deepEqual([tie.decided, tie.winner, tie.tied], [false, null, ['A', 'B']]);
    const empty = ballotDecision('ranked', candidates, [ballot({ rule: 'ranked', valid: false })], { maxRanks: 5, agents: 1 });
    assert.deepEqual([empty.decided, empty.tied], [false, undefined]);
  });

  it('candidates merge equal answers under the dataset equality, first spelling first', () => {
    const caseless = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    assert.deepEqual(answerCandidates(new Map([['a', 'canberra'], ['b', 'Sydney'], ['c', 'Canberra'], ['d', null]]), caseless), ['canberra', 'Sydney']);
  });
});

describe('decision rules in the debate engine', () => {
  const converging = { 'Agent A': ['A', 'A', 'A'], 'Agent B': ['B', 'A', 'A'], 'Agent C': ['C', 'C', 'A'] };

  it('supermajority ends du-fresh after round 1 (2 of 3 agree); who saw what is du-fresh\'s', async () => {
    const { turns, votes, final } = await run('du-fresh', { decision: 'supermajority' }, converging);
    assert.deepEqual(sawMatrix(turns), { A0: '', B0: '', C0: '', A1: 'A0 B0 C0', B1: 'A0 B0 C0', C1: 'A0 B0 C0' });
    assert.deepEqual(votes.map((event) => event.decision?.decided), [false, true]);
    assert.deepEqual([final.answer.value, final.answer.rule, final.aggregate, final.stoppedEarly, final.roundsRun], ['A', 'supermajority', 'supermajority', true, 2]);
  });

  it('unanimity runs until all agree (the last round here)', async () => {
    const { turns, final } = await run('du-fresh', { decision: 'unanimity' }, converging);
    assert.equal(turns.length, 9);
    assert.deepEqual([final.answer.value, final.stoppedEarly], ['A', false]);
  });

  it('unanimity never reached: MALLM\'s fallback is the leading answer; `none` gives no answer', async () => {
    const split = { 'Agent A': ['A', 'A', 'A'], 'Agent B': ['B', 'B', 'B'], 'Agent C': ['A', 'A', 'A'] };
    const fallback = await run('du-fresh', { decision: 'unanimity' }, split);
    assert.deepEqual([fallback.final.answer.value, fallback.final.answer.rule, fallback.votes.at(-1)?.decision?.decided], ['A', 'unanimity: no decision, plurality fallback', false]);
    const none = await run('du-fresh', { decision: 'unanimity', decisionFallback: 'none' }, split);
    assert.deepEqual([none.final.answer.status, none.final.answer.rule], ['unparsed', 'unanimity: no decision']);
  });

  it('approval: every agent casts a ballot over the distinct answers, recorded in the vote', async () => {
    const { ballots, votes, final, backend } = await run('ni', { decision: 'approval' }, { 'Agent A': ['A'], 'Agent B': ['B'], 'Agent C': ['B'] }, { 'Agent A': '0, 1', 'Agent B': '1', 'Agent C': 'Solution 1' });
    assert.equal(ballots.length, 3);
    const ballotCall = backend.calls.find(isBallot)!;
    assert.deepEqual(ballotCall.messages.map((message) => message.content).slice(1, 3), ['Solution 0: A', 'Solution 1: B']);
    const decision = votes[0]!.decision!;
    // A approved once, B three times
    assert.deepEqual([decision.candidates, decision.scores, decision.winner], [['A', 'B'], { A: 1, B: 3 }, 'B']);
    assert.deepEqual(decision.ballots?.map((ballot) => ballot.approvals), [[0, 1], [1], [1]]);
    assert.equal(final.answer.value, 'B');
  });

  it('a tied ballot is no decision: MALLM returns no answer for voting rules; `plurality` falls back to the vote', async () => {
    const answers = { 'Agent A': ['A'], 'Agent B': ['B'], 'Agent C': ['B'] };
    const tiedBallots = { 'Agent A': '0', 'Agent B': '1', 'Agent C': '0, 1' };
    const mallm = await run('ni', { decision: 'approval' }, answers, tiedBallots);
    assert.deepEqual([mallm.votes[0]!.decision?.tied, mallm.final.answer.status], [['A', 'B'], 'unparsed']);
    const plurality = await run('ni', { decision: 'approval', decisionFallback: 'plurality' }, answers, tiedBallots);
    assert.deepEqual([plurality.final.answer.value, plurality.final.answer.rule], ['B', 'approval: no decision, plurality fallback']);
  });

  it('ranked and cumulative decide from their ballots, not from the plurality', async () => {
    const answers = { 'Agent A': ['A'], 'Agent B': ['B'], 'Agent C': ['C'] };
    // ranked, 3 agents: A = 2+1+3 = 6, B = 3+3+2 = 8, C = 1+2+1 = 4 → B
    const ranked = await run('ni', { decision: 'ranked' }, answers, { 'Agent A': '1 0 2', 'Agent B': '1 2 0', 'Agent C': '0 1 2' });
    assert.deepEqual([ranked.votes[0]!.decision?.scores, ranked.final.answer.value], [{ A: 6, B: 8, C: 4 }, 'B']);
    // cumulative: A = 10 + 4 = 14, B = 6; C's ballot sums to 5, invalid → A although no agent but A answered A
    const cumulative = await run('ni', { decision: 'cumulative' }, answers, { 'Agent A': '{"0": 10}', 'Agent B': '{"1": 6, "0": 4}', 'Agent C': '{"2": 5}' });
    assert.deepEqual([cumulative.votes[0]!.decision?.scores, cumulative.votes[0]!.decision?.ballots?.[2]?.valid, cumulative.final.answer.value], [{ A: 14, B: 6, C: 0 }, false, 'A']);
  });

  it('one candidate needs no ballot; decisionFromRound delays the vote', async () => {
    const agreed = await run('ni', { decision: 'ranked' }, { 'Agent A': ['A'], 'Agent B': ['A'], 'Agent C': ['A'] });
    assert.deepEqual([agreed.ballots.length, agreed.final.answer.value], [0, 'A']);
    const delayed = await run('du-fresh', { decision: 'approval', decisionFromRound: 1 }, converging, { 'Agent A': '0', 'Agent B': '0', 'Agent C': '1' });
    // round 0 has no decision; round 1 (A, A, C): ballots give A 2, C 1 → decided, the debate stops
    assert.deepEqual([delayed.votes.map((event) => event.decision?.decided), delayed.ballots.map((event) => event.type === 'ballot' && event.round)], [[undefined, true], [1, 1, 1]]);
    assert.equal(delayed.final.stoppedEarly, true);
  });

  it('a decision rule replaces the aggregate: another aggregate is refused', () => {
    assert.throws(() => createDebateProtocol('du', { decision: 'approval', aggregate: 'median' }), /decision rule "approval"/);
  });
});
