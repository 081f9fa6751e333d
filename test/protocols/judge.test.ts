import { poseQuestion } from '../../src/spec/question.js';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { rankByScore } from '../../src/protocols/debate/judge.js';
import type { DebateOverrides } from '../../src/spec/debate-params.js';
import type { Question } from '../../src/spec/question.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

const question: Question = {
  id: 'q-judge',
  prompt: 'Which drug treats symptomatic bradycardia first?',
  options: { A: 'Atropine', B: 'Adenosine', C: 'Amiodarone', D: 'Metoprolol' },
  gold: { kind: 'choice', value: 'A' },
};

/** A judge that gives the scores of `rounds[i]` to its i-th call. */
function scriptedJudge(rounds: Array<Record<string, number>>): ScriptedBackend {
  let call = 0;
  return new ScriptedBackend({
    model: 'judge',
    fallback: (request) => {
      assert.equal(request.responseFormat?.name, 'judge_scores');
      const scores = rounds[call++] ?? {};
      return JSON.stringify({ scores: Object.entries(scores).map(([id, score]) => ({ id, score })), rationale: `call ${call}` });
    },
  });
}

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

async function run(preset: string, overrides: DebateOverrides, judgeScores: Array<Record<string, number>>, answers = { 'Agent A': ['A', 'A', 'A'], 'Agent B': ['B', 'A', 'A'], 'Agent C': ['C', 'C', 'C'] }) {
  const agentsBackend = scriptedDebate(answers);
  const judgeBackend = scriptedJudge(judgeScores);
  const events: ProtocolEventInput[] = [];
  await createDebateProtocol(preset, overrides).run(withModelCalls({
    question: poseQuestion(question),
    sameAnswer: (a, b) => a === b,
    agents: agentsOn(agentsBackend),
    judge: { name: 'Judge', backend: judgeBackend, decoding: { temperature: 0 } },
    seed: 3,
    emit: (event) => events.push(event),
  }));
  return { events, turns: events.filter((event): event is Turn => event.type === 'turn'), judgeBackend, agentsBackend };
}

const letter = (name: string) => name.slice(-1);

describe('the judge', () => {
  it('ra-cr: re-orders speaking and presentation by rank and mutes the lowest-ranked agent', async () => {
    const { events, turns } = await run('ra-cr', {}, [
      { 'Agent A': 5, 'Agent B': 9, 'Agent C': 2 }, // round 0 → B, A, C; C sits out round 1
      { 'Agent A': 8, 'Agent B': 3 }, // round 1 → A, B (C did not speak, ranked last); B sits out round 2
      { 'Agent A': 7, 'Agent C': 6 },
    ]);
    const order = (round: number) => turns.filter((turn) => turn.round === round).sort((a, b) => a.position - b.position).map((turn) => letter(turn.agent)).join('');
    assert.equal(order(0), 'ABC');
    assert.equal(order(1), 'BA');
    assert.equal(order(2), 'AC');
    const mutes = events.filter((event) => event.type === 'mute').map((event) => event.type === 'mute' && `${letter(event.agent)}${event.round}`);
    assert.deepEqual(mutes, ['C1', 'B2']);
    const saw = (agent: string, round: number) => turns.find((turn) => turn.agent === agent && turn.round === round)!.saw.map((ref) => `${letter(ref.agent)}${ref.round}`).join(' ');
    // cross-round, presented in the judge's order of the previous round: B, A, C
    assert.equal(saw('Agent B', 1), 'B0 A0 C0');
    // round 2: ranking A, B, C; the muted agent's earlier messages stay visible
    assert.equal(saw('Agent C', 2), 'A0 B0 C0 A1 B1');
    const ranks = events.filter((event) => event.type === 'judge-rank');
    assert.deepEqual(ranks.map((event) => event.type === 'judge-rank' && event.ranking.map(letter).join('')), ['BAC', 'AB', 'AC']);
  });

  it('judge calls are stored with usage and counted like any other call', async () => {
    const { events, judgeBackend } = await run('ra-cr', {}, [{ 'Agent A': 1, 'Agent B': 2, 'Agent C': 3 }, { 'Agent A': 1, 'Agent C': 2 }, { 'Agent C': 1, 'Agent B': 2 }]);
    const ranks = events.filter((event) => event.type === 'judge-rank');
    assert.equal(ranks.length, 3);
    assert.equal(judgeBackend.calls.length, 3);
    for (const event of ranks) {
      assert.ok(event.type === 'judge-rank' && event.usage.promptTokens > 0 && event.backend === 'scripted:judge');
    }
  });

  it('ties are broken by a seeded draw that is recorded and repeatable', async () => {
    const scores: Array<Record<string, number>> = [{ 'Agent A': 5, 'Agent B': 5, 'Agent C': 5 }, { 'Agent A': 4, 'Agent B': 4 }, { 'Agent A': 1, 'Agent B': 1 }];
    const first = await run('ra-cr', {}, scores);
    const second = await run('ra-cr', {}, scores);
    const rank = (events: ProtocolEventInput[]) => events.find((event) => event.type === 'judge-rank');
    const one = rank(first.events);
    assert.ok(one?.type === 'judge-rank' && one.tieBreak !== undefined);
    assert.deepEqual(one.tieBreak.tied[0]!.slice().sort(), ['Agent A', 'Agent B', 'Agent C']);
    assert.deepEqual(rank(second.events), one);
    const { ranking, tied } = rankByScore(['x', 'y', 'z'], new Map([['x', 2], ['y', 9]]), 1);
    assert.deepEqual(ranking, ['y', 'x', 'z']);
    assert.deepEqual(tied, []);
  });

  it('a judge reply that cannot be read still gives a full, recorded ranking', async () => {
    const agentsBackend = scriptedDebate({ 'Agent A': ['A'], 'Agent B': ['B'], 'Agent C': ['C'] });
    const events: ProtocolEventInput[] = [];
    await createDebateProtocol('du-fresh', { rounds: 0, aggregate: 'judge' }).run(withModelCalls({
      question: poseQuestion(question),
    sameAnswer: (a, b) => a === b,
      agents: agentsOn(agentsBackend),
      judge: { name: 'Judge', backend: new ScriptedBackend({ fallback: 'I refuse to score.' }), decoding: {} },
      seed: 1,
      emit: (event) => events.push(event),
    }));
    const rank = events.find((event) => event.type === 'judge-rank');
    assert.ok(rank?.type === 'judge-rank');
    assert.equal(rank.ranking.length, 3);
    assert.match(rank.warnings?.join(' ') ?? '', /not a JSON object/);
    const final = events.find((event) => event.type === 'final');
    assert.ok(final?.type === 'final' && final.answer.value === answersOf(rank.ranking[0]!));
  });

  it('aggregate: judge takes the answer of the best-ranked agent, not the majority', async () => {
    const { events } = await run('du-fresh', { rounds: 0, aggregate: 'judge' }, [{ 'Agent A': 2, 'Agent B': 3, 'Agent C': 10 }]);
    const final = events.find((event) => event.type === 'final');
    assert.ok(final?.type === 'final');
    assert.equal(final.answer.value, 'C');
    assert.equal(final.aggregate, 'judge');
    const rank = events.find((event) => event.type === 'judge-rank');
    assert.ok(rank?.type === 'judge-rank' && rank.purpose === 'round');
  });

  it('drafts: each agent writes k drafts, the judge picks one, peers see the picked one', async () => {
    const agentsBackend = new ScriptedBackend({
      fallback: (request) => `draft ${request.sampleIndex} by ${/You are (Agent [A-Z])/.exec(request.messages.at(-1)!.content)![1]}\nAnswer: ${request.sampleIndex === 1 ? 'A' : 'B'}`,
    });
    const judgeBackend = new ScriptedBackend({
      fallback: (request) => {
        const ids = [...request.messages.at(-1)!.content.matchAll(/\[(Agent [A-Z]#\d)\]/g)].map((match) => match[1]!);
        return JSON.stringify({ scores: ids.map((id) => ({ id, score: id.endsWith('#1') ? 9 : 4 })), rationale: 'draft 1 is grounded' });
      },
    });
    const events: ProtocolEventInput[] = [];
    await createDebateProtocol('du-fresh', { rounds: 1, drafts: 2 }).run(withModelCalls({ question: poseQuestion(question),
    sameAnswer: (a, b) => a === b, agents: agentsOn(agentsBackend), judge: { name: 'Judge', backend: judgeBackend, decoding: {} }, seed: 5, emit: (event) => events.push(event) }));
    const turns = events.filter((event): event is Turn => event.type === 'turn');
    assert.equal(turns.length, 3 * 2 * 2);
    assert.deepEqual(turns.filter((turn) => turn.selected).map((turn) => turn.draft), [1, 1, 1, 1, 1, 1]);
    const draftRanks = events.filter((event) => event.type === 'judge-rank' && event.purpose === 'drafts');
    assert.equal(draftRanks.length, 6);
    const peerView = turns.find((turn) => turn.round === 1 && turn.agent === 'Agent B')!;
    assert.deepEqual(peerView.saw, [{ agent: 'Agent A', round: 0, draft: 1 }, { agent: 'Agent B', round: 0, draft: 1 }, { agent: 'Agent C', round: 0, draft: 1 }]);
    assert.match(peerView.messages.at(-1)!.content, /draft 1 by Agent A/);
    assert.doesNotMatch(peerView.messages.at(-1)!.content, /draft 0 by Agent A/);
    const final = events.find((event) => event.type === 'final');
    assert.ok(final?.type === 'final' && final.answer.value === 'A');
  });

  it('a protocol that needs a judge and has none fails with a hint', async () => {
    await assert.rejects(
      createDebateProtocol('ra-cr').run(withModelCalls({ question: poseQuestion(question),
    sameAnswer: (a, b) => a === b, agents: agentsOn(scriptedDebate({})), seed: 1, emit: () => undefined })),
      /needs a judge[\s\S]*/,
    );
  });
});

function answersOf(agent: string): string {
  return agent.slice(-1);
}
