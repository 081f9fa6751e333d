import { poseQuestion } from '../../src/spec/question.js';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import type { DebateOverrides } from '../../src/spec/debate-params.js';
import type { Question } from '../../src/spec/question.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

const question: Question = {
  id: 'q1',
  prompt: 'Which drug treats symptomatic bradycardia first?',
  options: { A: 'Atropine', B: 'Adenosine', C: 'Amiodarone', D: 'Metoprolol' },
  gold: { kind: 'choice', value: 'A' },
};

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

const DEFAULT_ANSWERS = { 'Agent A': ['A', 'A', 'A'], 'Agent B': ['B', 'A', 'A'], 'Agent C': ['C', 'C', 'A'] };

async function runPreset(preset: string, overrides: DebateOverrides = {}, gdp = false, answers: Record<string, string[]> = DEFAULT_ANSWERS) {
  const backend = scriptedDebate(answers, { gdp });
  const events: ProtocolEventInput[] = [];
  await createDebateProtocol(preset, overrides).run(withModelCalls({ question: poseQuestion(question),
    sameAnswer: (a, b) => a === b, agents: agentsOn(backend), seed: 7, emit: (event) => events.push(event) }));
  const turns = events.filter((event): event is Turn => event.type === 'turn');
  return { events, turns, backend };
}

/** `saw` of each turn as "A0 B0" strings, keyed "<agent letter><round>". */
function sawMatrix(turns: Turn[]): Record<string, string> {
  return Object.fromEntries(turns.map((turn) => [`${turn.agent.slice(-1)}${turn.round}`, turn.saw.map((ref) => `${ref.agent.slice(-1)}${ref.round}`).join(' ')]));
}

describe('visibility matrix: which messages each agent saw in each round', () => {
  it('ni: round 0 only, every agent alone', async () => {
    const { turns } = await runPreset('ni');
    assert.deepEqual(sawMatrix(turns), { A0: '', B0: '', C0: '' });
  });

  it('ni with rounds: self-revision sees only its own history', async () => {
    const { turns } = await runPreset('ni', { rounds: 2 });
    assert.deepEqual(sawMatrix(turns), { A0: '', B0: '', C0: '', A1: 'A0', B1: 'B0', C1: 'C0', A2: 'A0 A1', B2: 'B0 B1', C2: 'C0 C1' });
  });

  it('du-fresh: every agent sees all messages of the previous round', async () => {
    const { turns } = await runPreset('du-fresh');
    assert.deepEqual(sawMatrix(turns), {
      A0: '', B0: '', C0: '',
      A1: 'A0 B0 C0', B1: 'A0 B0 C0', C1: 'A0 B0 C0',
      A2: 'A1 B1 C1', B2: 'A1 B1 C1', C2: 'A1 B1 C1',
    });
  });

  it('du: one debate round by default; the growing conversation holds every earlier turn', async () => {
    const { turns } = await runPreset('du');
    // own reply first (it is the assistant message), then the peers' replies of that round
    assert.deepEqual(sawMatrix(turns), { A0: '', B0: '', C0: '', A1: 'A0 B0 C0', B1: 'B0 A0 C0', C1: 'C0 A0 B0' });
    const longer = await runPreset('du', { rounds: 2 });
    assert.equal(sawMatrix(longer.turns).B2, 'B0 A0 C0 B1 A1 C1');
  });

  it('gdp: same visibility as du, structured steps', async () => {
    const { turns } = await runPreset('gdp', {}, true);
    assert.deepEqual(sawMatrix(turns), {
      A0: '', B0: '', C0: '',
      A1: 'A0 B0 C0', B1: 'A0 B0 C0', C1: 'A0 B0 C0',
      A2: 'A1 B1 C1', B2: 'A1 B1 C1', C2: 'A1 B1 C1',
    });
    assert.equal(turns[0]!.parsed.steps?.[0]?.claim, 'Agent A claim r0');
  });

  it('cross-round: all earlier rounds, none of the current one', async () => {
    const { turns } = await runPreset('du-fresh', { visibility: 'cross-round' });
    assert.equal(sawMatrix(turns).B2, 'A0 B0 C0 A1 B1 C1');
    assert.equal(sawMatrix(turns).C1, 'A0 B0 C0');
  });

  it('within-round, sequential: own previous answer plus peers who already spoke', async () => {
    const { turns } = await runPreset('du-fresh', { visibility: 'within-round', order: 'sequential' });
    assert.deepEqual(sawMatrix(turns), {
      A0: '', B0: '', C0: '',
      A1: 'A0', B1: 'B0 A1', C1: 'C0 A1 B1',
      A2: 'A1', B2: 'B1 A2', C2: 'C1 A2 B2',
    });
  });

  it('wr preset: sequential within-round', async () => {
    const { turns } = await runPreset('wr');
    assert.deepEqual(sawMatrix(turns), {
      A0: '', B0: '', C0: '',
      A1: 'A0', B1: 'B0 A1', C1: 'C0 A1 B1',
      A2: 'A1', B2: 'B1 A2', C2: 'C1 A2 B2',
    });
  });

  it('cr preset: all earlier rounds, in parallel', async () => {
    const { turns } = await runPreset('cr');
    assert.deepEqual(sawMatrix(turns), {
      A0: '', B0: '', C0: '',
      A1: 'A0 B0 C0', B1: 'A0 B0 C0', C1: 'A0 B0 C0',
      A2: 'A0 B0 C0 A1 B1 C1', B2: 'A0 B0 C0 A1 B1 C1', C2: 'A0 B0 C0 A1 B1 C1',
    });
  });

  it('chateval-one-by-one: one shared history, each speaker sees every turn before it (round 0 included)', async () => {
    const { turns, backend } = await runPreset('chateval-one-by-one');
    assert.deepEqual(sawMatrix(turns), {
      A0: '', B0: 'A0', C0: 'A0 B0',
      A1: 'A0 B0 C0', B1: 'A0 B0 C0 A1', C1: 'A0 B0 C0 A1 B1',
      A2: 'A0 B0 C0 A1 B1 C1', B2: 'A0 B0 C0 A1 B1 C1 A2', C2: 'A0 B0 C0 A1 B1 C1 A2 B2',
    });
    // B's first turn already reads A's: the prompt holds what saw says
    const bFirst = backend.calls[1]!.messages.at(-1)!.content;
    assert.match(bFirst, /You are Agent B\./);
    assert.match(bFirst, /\[Agent A, round 0\]\nAgent A reasons in round 0\.\nAnswer: A/);
    assert.throws(() => createDebateProtocol('chateval-one-by-one', { order: 'parallel' }), /all-earlier visibility needs a speaking order/);
  });

  it('chateval-simultaneous: all earlier rounds, in parallel; a tie goes to the first agent\'s answer', async () => {
    const { turns, events } = await runPreset('chateval-simultaneous', {}, false, { 'Agent A': ['B', 'B', 'B'], 'Agent B': ['A', 'A', 'A'], 'Agent C': ['C', 'C', 'C'] });
    assert.deepEqual(sawMatrix(turns), {
      A0: '', B0: '', C0: '',
      A1: 'A0 B0 C0', B1: 'A0 B0 C0', C1: 'A0 B0 C0',
      A2: 'A0 B0 C0 A1 B1 C1', B2: 'A0 B0 C0 A1 B1 C1', C2: 'A0 B0 C0 A1 B1 C1',
    });
    // B, A, C once each: DebateLLM's most_frequent keeps the first answer reaching the top count, Agent A's B
    const final = events.find((event) => event.type === 'final');
    assert.equal(final?.type === 'final' && final.answer.value, 'B');
  });

  it('adaptive: no debate when round 0 agrees, a du debate when it does not', async () => {
    const agreed = await runPreset('adaptive', {}, false, { 'Agent A': ['A'], 'Agent B': ['A'], 'Agent C': ['A'] });
    assert.deepEqual(sawMatrix(agreed.turns), { A0: '', B0: '', C0: '' });
    const split = await runPreset('adaptive');
    assert.equal(sawMatrix(split.turns).C2, 'A1 B1 C1');
    const partial = await runPreset('adaptive', { consensusThreshold: 0.6 }, false, { 'Agent A': ['A'], 'Agent B': ['A'], 'Agent C': ['C'] });
    assert.equal(partial.turns.length, 3, '2 of 3 agree: enough at threshold 0.6');
  });

  it('what an agent saw is exactly what its prompt contains', async () => {
    const { backend } = await runPreset('du-fresh');
    const bRound1 = backend.calls.find((call) => call.messages.at(-1)!.content.includes('You are Agent B.') && call.messages.at(-1)!.content.includes('Messages from the other agents'))!;
    const user = bRound1.messages.at(-1)!.content;
    assert.match(user, /\[Agent A, round 0\]\nAgent A reasons in round 0\.\nAnswer: A/);
    assert.match(user, /\[Agent C, round 0\]\nAgent C reasons in round 0\.\nAnswer: C/);
    assert.match(user, /Your earlier answers:\n\n\[round 0\]\nAgent B reasons in round 0\.\nAnswer: B/);
    assert.doesNotMatch(user, /round 1/);
    // shared prefix first: question, then peers, then the agent-specific part
    assert.ok(user.indexOf('Question:') < user.indexOf('[Agent A, round 0]'));
    assert.ok(user.indexOf('[Agent C, round 0]') < user.indexOf('You are Agent B.'));
  });

  it('gdp sends a JSON schema and the anti-sycophancy rule; du-fresh and du do not', async () => {
    const gdp = await runPreset('gdp', {}, true);
    assert.equal(gdp.backend.calls[0]!.responseFormat?.name, 'gdp_turn');
    assert.match(gdp.backend.calls[0]!.messages[0]!.content, /never change it because most agents disagree/);
    for (const preset of ['du-fresh', 'du']) {
      const { backend } = await runPreset(preset);
      assert.equal(backend.calls[0]!.responseFormat, undefined);
      assert.doesNotMatch(backend.calls[0]!.messages[0]!.content, /never change it because/);
    }
  });

  it('votes each round and aggregates by majority', async () => {
    const { events } = await runPreset('du-fresh');
    const votes = events.filter((event) => event.type === 'vote');
    assert.equal(votes.length, 3);
    const final = events.find((event) => event.type === 'final');
    // the protocol never grades itself: the runner adds gold and correct (test/runner/score-final.test.ts)
    assert.deepEqual(final && { answer: final.answer.value, graded: 'correct' in final, roundsRun: final.roundsRun }, { answer: 'A', graded: false, roundsRun: 3 });
  });

  it('stops early on consensus when asked', async () => {
    const { events, turns } = await runPreset('du-fresh', { stopOnConsensus: true }, false, { 'Agent A': ['A', 'A'], 'Agent B': ['B', 'A'], 'Agent C': ['C', 'A'] });
    assert.equal(turns.length, 6);
    const final = events.find((event) => event.type === 'final');
    assert.equal(final?.type === 'final' && final.stoppedEarly, true);
  });
});
