import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { withModelCalls } from '../../src/protocols/model-call.js';
import { TurnError } from '../../src/protocols/debate/turn-error.js';
import { BackendError } from '../../src/spec/errors.js';
import type { ParsedTurn } from '../../src/spec/answer.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { deriveSeed } from '../../src/util/seed.js';

const question = { id: 'q1', prompt: 'Which organ pumps blood?', options: { A: 'Liver', B: 'Heart' }, answer: { kind: 'choice' as const, form: 'short' as const } };
const parse = ({ text }: { text: string }): ParsedTurn => ({ answer: { status: 'ok', value: text.slice(-1), rule: 'last-letter' }, rationale: text, source: 'text' });

function unit(reply: string | Error) {
  const backend = new ScriptedBackend({ model: 'm', fallback: reply });
  const events: ProtocolEventInput[] = [];
  const context = withModelCalls({ question, sameAnswer: (a, b) => a === b, agents: [{ name: 'Solver', backend, decoding: { temperature: 0.3 } }], seed: 7, emit: (event) => events.push(event) });
  return { backend, events, context, solver: context.agents[0]! };
}

describe('context.call: the one path of a model call', () => {
  it('sends the agent decoding with the derived seed, parses the reply and emits the turn with the call fields', async () => {
    const { backend, events, context, solver } = unit('It is the heart.\nAnswer: B');
    const messages = [{ role: 'system' as const, content: 'Answer briefly.' }, { role: 'user' as const, content: 'Which organ pumps blood?' }];
    const result = await context.call(solver, { messages }, { round: 1, position: 2, saw: [{ agent: 'Checker', round: 0 }], parse });
    // the seed rule of docs/library.md: (unit seed, question id, agent, round, purpose `act`)
    const seed = deriveSeed(7, 'q1', 'Solver', 1, 'act');
    assert.deepEqual(backend.calls[0]!.decoding, { temperature: 0.3, seed });
    assert.equal(events.length, 1);
    assert.deepEqual(events[0], result.event);
    assert.deepEqual(result.event, {
      type: 'turn', agent: 'Solver', round: 1, draft: 0, position: 2,
      saw: [{ agent: 'Checker', round: 0, draft: 0 }], seed, selected: true,
      parsed: { answer: { status: 'ok', value: 'B', rule: 'last-letter' }, rationale: 'It is the heart.\nAnswer: B', source: 'text' },
      backend: 'scripted:m',
      // scripted token counts are words (hand count): 2 + 4 in the prompt, 6 in the reply
      usage: { promptTokens: 6, cachedPromptTokens: 0, completionTokens: 6 },
      latencyMs: 0, cacheHit: false, costUsd: result.response.costUsd, attempts: result.response.attempts, finishReason: 'stop',
      messages, text: 'It is the heart.\nAnswer: B',
    });
  });

  it('records under another name, with a seed key and purpose of its own, and returns the event unemitted when asked', async () => {
    const { events, context, solver } = unit('Answer: A');
    const named = await context.call(solver, { messages: [{ role: 'user', content: 'q' }], sampleIndex: 3 }, { round: 0, as: 'Solver#r3', seedKey: ['Solver', 1, 3], role: 'summarizer', draft: 1, parse, emit: false });
    assert.equal(events.length, 0);
    assert.equal(named.event.agent, 'Solver#r3');
    assert.equal(named.event.seed, deriveSeed(7, 'q1', 'Solver', 1, 3));
    assert.equal(named.event.role, 'summarizer');
    assert.equal(named.event.draft, 1);
    const purposed = await context.call(solver, { messages: [{ role: 'user', content: 'q' }] }, { round: 2, purpose: 'plan', parse });
    assert.equal(purposed.event.seed, deriveSeed(7, 'q1', 'Solver', 2, 'plan'));
  });

  it('a failed call is a TurnError naming the agent, round, backend and attempts, and emits nothing', async () => {
    const failure = Object.assign(new BackendError('scripted:m', 'rate-limited', 'slow down'), { attemptLog: [{ status: 429, reason: 'rate-limit', ms: 5 }] });
    const { events, context, solver } = unit(failure);
    await assert.rejects(context.call(solver, { messages: [{ role: 'user', content: 'q' }] }, { round: 4, as: 'TableAgent', parse }), (error: unknown) => {
      assert.ok(error instanceof TurnError);
      assert.equal(error.agent, 'TableAgent');
      assert.equal(error.round, 4);
      assert.equal(error.backend, 'scripted:m');
      assert.deepEqual(error.attemptLog, [{ status: 429, reason: 'rate-limit', ms: 5 }]);
      assert.match(error.message, /^TableAgent, round 4: /);
      return true;
    });
    assert.equal(events.length, 0);
  });
});
