import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeUnit } from '../../src/runner/execute-unit.js';
import type { Protocol } from '../../src/spec/protocol.js';
import type { Question } from '../../src/spec/question.js';
import type { FinalEvent, VoteEvent } from '../../src/spec/trace.js';
import { fixedClock } from '../../src/util/clock.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';

// Expected values here are by hand: SQuAD-style normalisation (lower case, no punctuation) makes
// "Canberra" and "canberra" one answer, so the vote is 2–1 and needs no tie-break.
const capital: Question = { id: 'generic:capital', prompt: 'What is the capital of Australia?', gold: { kind: 'text', value: 'Canberra' } };

async function unitOf(question: Question, answers: Record<string, string[]>) {
  const backend = scriptedDebate(answers);
  const result = await executeUnit({ protocol: createDebateProtocol('ni', {}), question, agents: agentsOn(backend), seed: 1, clock: fixedClock(0) });
  const final = result.events.find((event): event is FinalEvent & { v: 1; seq: number; at: string } => event.type === 'final')!;
  const vote = result.events.find((event): event is VoteEvent & { v: 1; seq: number; at: string } => event.type === 'vote')!;
  return { result, final, vote };
}

describe('the runner scores the final answer, with the dataset answer equality', () => {
  it('counts "Canberra" and "canberra" as one answer: 2–1 without a tie-break, correct, S(q) of two', async () => {
    const { final, vote } = await unitOf(capital, { 'Agent A': ['Canberra'], 'Agent B': ['canberra'], 'Agent C': ['Sydney'] });
    // one class for both spellings, named by its first spelling in sort order ("C" < "c")
    assert.deepEqual(vote.tally, { Canberra: 2, Sydney: 1 });
    assert.equal(vote.tieBreak, undefined);
    assert.equal(final.answer.value, 'Canberra');
    assert.equal(final.correct, true);
    assert.deepEqual(final.agreement, ['Agent A', 'Agent B']);
    assert.equal(final.gold, 'Canberra');
  });

  it('finds "Iron", "iron." and "IRON" unanimous', async () => {
    const question: Question = { id: 'generic:iron', prompt: 'Which metal rusts?', gold: { kind: 'text', value: 'iron' } };
    const { final, result, vote } = await unitOf(question, { 'Agent A': ['Iron'], 'Agent B': ['iron.'], 'Agent C': ['IRON'] });
    assert.equal(vote.unanimous, true);
    assert.deepEqual(final.agreement, ['Agent A', 'Agent B', 'Agent C']);
    assert.equal(result.summary.unanimous, true);
    assert.equal(final.correct, true);
  });

  it('never shows the protocol the gold, the scoring points or the source metadata', async () => {
    let seen: object | undefined;
    const spy: Protocol = {
      name: 'spy',
      params: {},
      needsJudge: false,
      async run(context) {
        seen = context.question;
        context.emit({ type: 'final', answer: { status: 'ok', value: 'B' }, aggregate: 'single', roundsRun: 1, stoppedEarly: false });
      },
    };
    const question: Question = { id: 'medqa:L1', prompt: 'Which?', options: { A: 'a', B: 'b' }, gold: { kind: 'choice', value: 'B' }, scoringPoints: ['b is right'], meta: { answer: 'b' } };
    const result = await executeUnit({ protocol: spy, question, agents: [], seed: 1, clock: fixedClock(0) });
    assert.deepEqual(Object.keys(seen!).sort(), ['answer', 'id', 'options', 'prompt']);
    assert.deepEqual((seen as { answer: unknown }).answer, { kind: 'choice', form: 'short' });
    const final = result.events.at(-1) as FinalEvent;
    assert.equal(final.correct, true);
    assert.equal(final.gold, 'B');
  });

  it('keeps a stated percentage for the scorer: "56.197%" is the answer text, 56.197 the value', async () => {
    const question: Question = { id: 'generic:share', prompt: 'What share?', gold: { kind: 'number', value: 0.56197 } };
    const { final } = await unitOf(question, { 'Agent A': ['56.197%'], 'Agent B': ['56.197%'], 'Agent C': ['56.197%'] });
    assert.equal(final.answer.value, '56.197');
    assert.equal(final.answer.text, '56.197%');
  });
});

describe('per-round unanimity counts the debaters, not the summarizer', () => {
  it('chateval-summarizer with three agents answering A in every round: unanimous in rounds 0, 1 and 2', async () => {
    const { ScriptedBackend } = await import('../../src/backends/scripted-backend.js');
    const question: Question = { id: 'q', prompt: 'Which drug treats symptomatic bradycardia first?', options: { A: 'Atropine', B: 'Adenosine', C: 'Amiodarone', D: 'Metoprolol' }, gold: { kind: 'choice', value: 'A' } };
    const backend = scriptedDebate({ 'Agent A': ['A', 'A', 'A'], 'Agent B': ['A', 'A', 'A'], 'Agent C': ['A', 'A', 'A'] });
    const summarizer = new ScriptedBackend({ fallback: () => 'All three agents argue for Atropine.' });
    const result = await executeUnit({ protocol: createDebateProtocol('chateval-summarizer', {}), question, agents: agentsOn(backend), judge: { name: 'Summarizer', backend: summarizer, decoding: { temperature: 0 } }, seed: 1, clock: fixedClock(0) });
    const final = result.events.find((event): event is FinalEvent & { v: 1; seq: number; at: string } => event.type === 'final')!;
    // By hand: every debater says A in each of the 3 rounds; the summaries (rounds 0 and 1) propose no answer and must not count.
    assert.deepEqual(final.unanimousByRound, [true, true, true]);
    assert.deepEqual(final.agreement, ['Agent A', 'Agent B', 'Agent C']);
  });
});
