import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
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

const undecided = JSON.stringify({ 'Whether there is a preference': 'No', 'Supported Side': '', Reason: 'both sides have a point', debate_answer: '' });

/** Runs multi-persona with the moderator's replies in order. */
async function run(moderatorReplies: string[], answers: Record<string, string[]> = { 'Agent A': ['A', 'A', 'A'], 'Agent B': ['B', 'B', 'A'] }) {
  const backend = scriptedDebate(answers);
  const moderator = new ScriptedBackend({ replies: moderatorReplies });
  const events: ProtocolEventInput[] = [];
  await createDebateProtocol('multi-persona').run(withModelCalls({
    question: poseQuestion(question),
    sameAnswer: (a, b) => a === b,
    agents: agentsOn(backend, 2),
    judge: { name: 'Moderator', backend: moderator, decoding: { temperature: 0 } },
    seed: 7,
    emit: (event) => events.push(event),
  }));
  const turns = events.filter((event): event is Turn => event.type === 'turn');
  const final = events.find((event) => event.type === 'final');
  return { events, turns, backend, moderator, final: final?.type === 'final' ? final : undefined };
}

const label = (turn: { agent: string; round: number; draft?: number }) => `${turn.agent === 'Moderator' ? 'M' : turn.agent.slice(-1)}${turn.round}${turn.draft === 1 ? "'" : ''}`;

describe('multi-persona (MAD, Liang et al. 2023, as DebateLLM runs it)', () => {
  it('who saw what: the sides speak in turn over one history; the moderator reads every argument and its own earlier replies; the sides never see the moderator', async () => {
    const decided = JSON.stringify({ 'Whether there is a preference': 'Yes', 'Supported Side': 'Affirmative', Reason: 'atropine first', debate_answer: 'A' });
    const { turns, final, backend } = await run([undecided, decided]);
    assert.deepEqual(Object.fromEntries(turns.map((turn) => [label(turn), turn.saw.map(label).join(' ')])), {
      A0: '', B0: 'A0', M0: 'A0 B0',
      A1: 'A0 B0', B1: 'A0 B0 A1', M1: 'A0 B0 M0 A1 B1',
    });
    // the moderator decided after round 1: the debate stops there (DebateLLM: "If the judge decides to end the debate, then break")
    assert.equal(final?.answer.value, 'A');
    assert.equal(final?.aggregate, 'moderator');
    assert.equal(final?.roundsRun, 2);
    assert.equal(final?.stoppedEarly, true);
    assert.equal(backend.calls.length, 4);
    assert.ok(turns.filter((turn) => turn.agent === 'Moderator').every((turn) => turn.parsed.answer.status === 'unparsed'), 'the moderator never joins the agreement set');
  });

  it('message layout: the stances by position, and the moderator conversation of DebateLLM\'s tsinghua_judge mode', async () => {
    const decided = JSON.stringify({ 'Whether there is a preference': 'Yes', 'Supported Side': 'Negative', Reason: 'r', debate_answer: 'B' });
    const { backend, moderator } = await run([undecided, decided]);
    // angel (agent_prompts/angel.yaml) and devil (devil.yaml): the devil disagrees with the affirmative side's answer
    assert.match(backend.calls[0]!.messages.at(-1)!.content, /You are Agent A\. You are the affirmative side\./);
    assert.match(backend.calls[1]!.messages.at(-1)!.content, /You are Agent B\. You are the negative side\. You disagree with the affirmative side's answer/);
    assert.match(backend.calls[1]!.messages.at(-1)!.content, /\[Agent A, round 0\]\nAgent A reasons in round 0\.\nAnswer: A/);
    // debate.py construct_message_from_history(mode="tsinghua_judge"): per round one user message of "<side> arguing: …"
    // joined by blank lines, the judge's reply to that round as an assistant message, the instruction appended to the last user message
    const second = moderator.calls[1]!.messages;
    assert.deepEqual(second.map((message) => message.role), ['system', 'user', 'assistant', 'user']);
    assert.match(second[0]!.content, /^You are a moderator\. There will be 2 debaters involved in a debate\./);
    assert.equal(second[1]!.content, 'Agent A arguing: Agent A reasons in round 0.\nAnswer: A\n\nAgent B arguing: Agent B reasons in round 0.\nAnswer: B');
    assert.equal(second[2]!.content, undecided);
    assert.match(second[3]!.content, /^Agent A arguing: Agent A reasons in round 1\.\nAnswer: A\n\nAgent B arguing: Agent B reasons in round 1\.\nAnswer: B\n\nYou, as the moderator, will evaluate both sides' answers and determine if there is a clear preference/);
    assert.match(second[3]!.content, /"debate_answer": "the capital letter corresponding to the answer"/);
  });

  it('any non-empty debate_answer ends the debate, even with no preference (MAD and DebateLLM read only debate_answer)', async () => {
    const { final, turns } = await run([JSON.stringify({ 'Whether there is a preference': 'No', debate_answer: 'B' })]);
    assert.equal(final?.answer.value, 'B');
    assert.equal(final?.roundsRun, 1);
    assert.equal(turns.length, 3);
  });

  it('undecided after the last round: its last reply is dropped and the moderator decides in final mode', async () => {
    const decided = JSON.stringify({ Reason: 'r', debate_answer: 'A' });
    const { turns, final, moderator } = await run([undecided, undecided, undecided, decided]);
    const moderatorTurns = turns.filter((turn) => turn.agent === 'Moderator').map((turn) => `${label(turn)}${turn.selected ? '' : ' (dropped)'}`);
    assert.deepEqual(moderatorTurns, ['M0', 'M1', 'M2 (dropped)', "M2'"]);
    assert.equal(final?.answer.value, 'A');
    assert.equal(final?.roundsRun, 3);
    assert.equal(final?.stoppedEarly, false);
    // DebateLLM: message_history.pop(-1), then instruct_prompt="final_mode"
    const last = moderator.calls[3]!.messages;
    assert.deepEqual(last.map((message) => message.role), ['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    assert.match(last.at(-1)!.content, /determine your preference for an answer candidate/);
  });

  it('a moderator that never answers leaves the unit without an answer (never counted correct)', async () => {
    const { final } = await run([undecided, undecided, undecided, 'I cannot decide.']);
    assert.equal(final?.answer.status, 'unparsed');
  });

  it('the registry fixes the two sides as the run\'s agents', () => {
    assert.deepEqual(getProtocolFactory('multi-persona').roles, ['Affirmative', 'Negative']);
  });
});

describe('sc-matched against the DebateLLM presets', () => {
  it('counts the moderator\'s and the summarizer\'s calls in the planned calls', async () => {
    const { matchedSamples } = await import('../../src/protocols/baselines/compute-match.js');
    // multi-persona: 2 sides × 3 rounds = 6 turns, a moderator call after each of 3 rounds, and a final-mode call: 6 + 3 + 1 = 10
    assert.equal(matchedSamples({ match: 'multi-persona' }).samples, 10);
    assert.equal(matchedSamples({ match: 'multi-persona' }).derivation.agents, 2, 'the preset\'s two sides, not the default three agents');
    // chateval-summarizer: 3 agents × 3 rounds = 9 turns, a summary after rounds 0 and 1: 9 + 2 = 11
    assert.equal(matchedSamples({ match: 'chateval-summarizer' }).samples, 11);
  });
});
