import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol, resolveDebateParams } from '../../src/protocols/debate/create-debate-protocol.js';
import { ConfigError } from '../../src/spec/errors.js';
import type { Agent } from '../../src/spec/protocol.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

const question: Question = { id: 'q', prompt: 'Which organ secretes insulin?', options: { A: 'Liver', B: 'Pancreas' }, gold: { kind: 'choice', value: 'B' } };
type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

async function turnsOf(preset: string, overrides = {}, agents?: Agent[]): Promise<Turn[]> {
  const events: ProtocolEventInput[] = [];
  const backend = scriptedDebate({ 'Agent A': ['A', 'B', 'B'], 'Agent B': ['B', 'B', 'B'], 'Agent C': ['B', 'B', 'B'] });
  await createDebateProtocol(preset, overrides).run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: agents ?? agentsOn(backend), seed: 2, emit: (event) => events.push(event) }));
  return events.filter((event): event is Turn => event.type === 'turn');
}

describe('conversation layouts', () => {
  it('growing with quorum wording: the fresh round-0 prompt, then each round only the peers not yet shown', async () => {
    const turns = await turnsOf('cr', { conversation: 'growing' });
    const b2 = turns.find((turn) => turn.agent === 'Agent B' && turn.round === 2)!;
    assert.deepEqual(b2.messages.map((message) => message.role), ['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    assert.match(b2.messages[1]!.content, /^Question: Which organ secretes insulin\?[\s\S]*You are Agent B\.\n\nGive your answer\.$/);
    // cross-round shows rounds 0 and 1 in round 2, but round 0 is already in the conversation
    assert.match(b2.messages[5]!.content, /^Messages from the other agents:\n\n\[Agent A, round 1\]\nAgent A reasons in round 1\.\nAnswer: B\n\n\[Agent C, round 1\]/);
    assert.doesNotMatch(b2.messages[5]!.content, /round 0/);
    assert.equal(b2.messages[4]!.content, 'Agent B reasons in round 1.\nAnswer: B');
    assert.deepEqual(b2.saw.map((ref) => `${ref.agent.slice(-1)}${ref.round}`), ['B0', 'A0', 'C0', 'B1', 'A1', 'C1']);
  });

  it('du with a persona: the persona is the only system message (Du et al. have none)', async () => {
    const backend = scriptedDebate({ 'Agent A': ['B', 'B'], 'Agent B': ['B', 'B'], 'Agent C': ['B', 'B'] });
    const agents = agentsOn(backend).map((agent, index) => (index === 0 ? { ...agent, persona: 'You are a careful endocrinologist.' } : agent));
    const turns = await turnsOf('du', {}, agents);
    const a1 = turns.find((turn) => turn.agent === 'Agent A' && turn.round === 1)!;
    assert.deepEqual(a1.messages.map((message) => message.role), ['system', 'user', 'assistant', 'user']);
    assert.equal(a1.messages[0]!.content, 'You are a careful endocrinologist.');
    assert.equal(turns.find((turn) => turn.agent === 'Agent B' && turn.round === 1)!.messages[0]!.role, 'user');
  });

  it('rejects settings Du et al.’s wording cannot express', () => {
    assert.throws(() => resolveDebateParams('du', { conversation: 'fresh' }), (error: unknown) => error instanceof ConfigError && /growing conversation/.test(error.message));
    assert.throws(() => resolveDebateParams('du', { format: 'gdp' }), ConfigError);
    assert.throws(() => resolveDebateParams('gdp', { answerExtraction: 'du' }), ConfigError);
    assert.equal(resolveDebateParams('du-fresh', { answerExtraction: 'du', tieBreak: 'first' }).answerExtraction, 'du');
  });

  it('du-fresh is the earlier du: fresh prompts, named peers, two debate rounds, seeded ties', async () => {
    const params = resolveDebateParams('du-fresh');
    assert.deepEqual([params.conversation, params.wording, params.answerExtraction, params.tieBreak, params.rounds], ['fresh', 'quorum', 'quorum', 'seeded', 2]);
    const turns = await turnsOf('du-fresh');
    assert.match(turns.find((turn) => turn.round === 1)!.messages[1]!.content, /\[Agent B, round 0\]/);
  });

  it('a single unnamed backend still works for du: no prompt needs an agent name', async () => {
    const backend = new ScriptedBackend({ fallback: '(B)' });
    const agents = [0, 1, 2].map((index) => ({ name: `Agent ${index}`, backend, decoding: {} }));
    const turns = await turnsOf('du', {}, agents);
    assert.equal(turns.length, 6);
    assert.ok(turns.every((turn) => turn.parsed.answer.value === 'B'));
  });
});
