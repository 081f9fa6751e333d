import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
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

async function run(answers: Record<string, string[]>) {
  const backend = scriptedDebate(answers);
  let summaries = 0;
  const summarizer = new ScriptedBackend({ fallback: () => `Summary ${summaries++}: the agents argue for ${['A and B', 'A'][Math.min(summaries - 1, 1)]}.` });
  const events: ProtocolEventInput[] = [];
  await createDebateProtocol('chateval-summarizer').run(withModelCalls({
    question: poseQuestion(question),
    sameAnswer: (a, b) => a === b,
    agents: agentsOn(backend),
    judge: { name: 'Summarizer', backend: summarizer, decoding: { temperature: 0 } },
    seed: 7,
    emit: (event) => events.push(event),
  }));
  return { events, turns: events.filter((event): event is Turn => event.type === 'turn'), backend, summarizer };
}

const label = (agent: string) => (agent === 'Summarizer' ? 'S' : agent.slice(-1));

describe('chateval-summarizer (ChatEval simultaneous-talk-with-summarizer, as DebateLLM runs it)', () => {
  it('who saw what: round r + 1 sees only the summary of round r; the summarizer reads its previous summary and the new round', async () => {
    const { turns } = await run({ 'Agent A': ['A', 'A', 'A'], 'Agent B': ['B', 'A', 'A'], 'Agent C': ['C', 'C', 'A'] });
    const matrix = Object.fromEntries(turns.map((turn) => [`${label(turn.agent)}${turn.round}`, turn.saw.map((ref) => `${label(ref.agent)}${ref.round}`).join(' ')]));
    // DebateLLM systems.py ChatEvalDebate.answer: no summary after the last round (round_index < num_rounds - 1)
    assert.deepEqual(matrix, {
      A0: '', B0: '', C0: '', S0: 'A0 B0 C0',
      A1: 'S0', B1: 'S0', C1: 'S0', S1: 'S0 A1 B1 C1',
      A2: 'S1', B2: 'S1', C2: 'S1',
    });
    const summaryTurn = turns.find((turn) => turn.agent === 'Summarizer')!;
    assert.equal(summaryTurn.parsed.answer.status, 'unparsed', 'a summary proposes no answer');
  });

  it('message layout: the summary replaces the history, the agent\'s own earlier answer included', async () => {
    const { backend, summarizer } = await run({ 'Agent A': ['A', 'A', 'A'], 'Agent B': ['B', 'A', 'A'], 'Agent C': ['C', 'C', 'A'] });
    // Derived from DebateLLM's ChatEvalDebate.answer: after round 0, message_history = [summarizer response]
    // (systems.py, "Add the summarizer's response to the message history"); each agent answers with that history only.
    const aRound1 = backend.calls[3]!.messages.at(-1)!.content;
    assert.match(aRound1, /Summary of the discussion so far:\n\n\[Summarizer, round 0\]\nSummary 0: the agents argue for A and B\./);
    assert.doesNotMatch(aRound1, /Agent A reasons in round 0/);
    assert.doesNotMatch(aRound1, /Agent B reasons in round 0/);
    // The summarizer's first call reads the three responses; its second its previous summary and the new responses
    // (DebateLLM: temp_message_history = message_history.copy() + this round's messages).
    const first = summarizer.calls[0]!.messages;
    assert.match(first[0]!.content, /Your goal is to summarize the main points in the debate so far/);
    assert.match(first[1]!.content, /\[Agent A\]\nAgent A reasons in round 0\.\nAnswer: A\n\n\[Agent B\]\nAgent B reasons in round 0\.\nAnswer: B/);
    assert.doesNotMatch(first[1]!.content, /previous summary:/);
    const second = summarizer.calls[1]!.messages[1]!.content;
    assert.match(second, /Your previous summary:\nSummary 0/);
    assert.match(second, /Now use your previous summary, as well as the new agent responses, and generate an updated summary/);
    assert.equal(summarizer.calls.length, 2, 'two summaries for three rounds');
  });

  it('aggregation: majority of the last round, a tie to the first agent\'s answer', async () => {
    const { events } = await run({ 'Agent A': ['A', 'A', 'B'], 'Agent B': ['B', 'A', 'C'], 'Agent C': ['C', 'C', 'D'] });
    const final = events.find((event) => event.type === 'final')!;
    assert.equal(final.type === 'final' && final.answer.value, 'B', 'three-way tie of B, C, D: the first given (DebateLLM most_frequent)');
    const votes = events.filter((event) => event.type === 'vote');
    assert.deepEqual(Object.keys(votes.at(-1)!.type === 'vote' ? votes.at(-1)!.answers : {}), ['Agent A', 'Agent B', 'Agent C'], 'the summarizer casts no vote');
  });

  it('refuses summary visibility without the summarizer, and needs a judge to summarize', async () => {
    assert.throws(() => createDebateProtocol('chateval-summarizer', { summarizer: false }), /summary visibility shows the summarizer's summary/);
    await assert.rejects(
      createDebateProtocol('chateval-summarizer').run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: agentsOn(scriptedDebate({})), seed: 1, emit: () => {} })),
      /needs a judge/,
    );
  });
});
