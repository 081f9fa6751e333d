import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { EnsembleRefinementProtocol } from '../../src/protocols/baselines/ensemble-refinement-protocol.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { rebuildProtocol } from '../../src/queue/rebuild-protocol.js';
import type { ChatRequest } from '../../src/spec/chat.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { hashValue } from '../../src/util/hash.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

const question: Question = {
  id: 'q1',
  prompt: 'Which drug treats symptomatic bradycardia first?',
  options: { A: 'Atropine', B: 'Adenosine', C: 'Amiodarone', D: 'Metoprolol' },
  gold: { kind: 'choice', value: 'A' },
};

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

const isRefinement = (request: ChatRequest) => request.messages.at(-1)!.content.includes('[Reasoning path 1]');

/** First-stage paths answer `paths[sampleIndex]`, refinements `refined[sampleIndex]`. */
async function run(params: Record<string, unknown>, paths: string[], refined: string[]) {
  const backend = new ScriptedBackend({
    fallback: (request) => {
      const index = request.sampleIndex ?? 0;
      return isRefinement(request) ? `Weighing the paths (refinement ${index}).\nAnswer: ${refined[index]}` : `Path ${index} reasons.\nAnswer: ${paths[index]}`;
    },
  });
  const events: ProtocolEventInput[] = [];
  await new EnsembleRefinementProtocol(params).run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: [{ name: 'Solver', backend, decoding: { temperature: 1 } }], seed: 3, emit: (event) => events.push(event) }));
  const final = events.find((event) => event.type === 'final');
  return { backend, events, turns: events.filter((event): event is Turn => event.type === 'turn'), final: final?.type === 'final' ? final : undefined };
}

describe('ensemble-refinement (Singhal et al. 2023, Med-PaLM 2)', () => {
  it('defaults to the paper\'s multiple-choice setting: 11 paths, 33 refinements', () => {
    const protocol = getProtocolFactory('ensemble-refinement').create({});
    assert.equal(protocol.params['samples'], 11);
    assert.equal(protocol.params['refinements'], 33);
  });

  it('who saw what: the paths saw nothing; every refinement saw every path and no other refinement', async () => {
    const { turns } = await run({ samples: 3, refinements: 2 }, ['A', 'A', 'B'], ['B', 'B']);
    assert.deepEqual(
      turns.map((turn) => `${turn.agent}@${turn.round}: ${turn.saw.map((ref) => ref.agent).join(' ')}`),
      ['Solver#0@0: ', 'Solver#1@0: ', 'Solver#2@0: ', 'Solver#r0@1: Solver#0 Solver#1 Solver#2', 'Solver#r1@1: Solver#0 Solver#1 Solver#2'],
    );
  });

  it('message layout: one refinement holds the question, every path in order and the instruction; decoding per stage', async () => {
    const { backend } = await run({ samples: 3, refinements: 2 }, ['A', 'A', 'B'], ['B', 'B']);
    const refinements = backend.calls.filter(isRefinement);
    assert.equal(refinements.length, 2);
    const user = refinements[0]!.messages.at(-1)!.content;
    // the second stage "conditioned on the original prompt, question, and concatenated generations from the previous step" (Singhal et al. 2023, §3.3)
    assert.match(user, /^Question: Which drug treats symptomatic bradycardia first\?/);
    assert.match(user, /\[Reasoning path 1\]\nPath 0 reasons\.\nAnswer: A\n\n\[Reasoning path 2\]\nPath 1 reasons\.\nAnswer: A\n\n\[Reasoning path 3\]\nPath 2 reasons\.\nAnswer: B/);
    assert.match(user, /Beware of wrong reasoning and do not repeat wrong reasoning/);
    // DebateLLM's temperatures: 0.7 for the paths, 0.2 lower for the refinements
    assert.deepEqual(backend.calls.filter((call) => !isRefinement(call)).map((call) => call.decoding.temperature), [0.7, 0.7, 0.7]);
    assert.deepEqual(refinements.map((call) => call.decoding.temperature), [0.5, 0.5]);
    assert.equal(new Set(backend.calls.map((call) => call.decoding.seed)).size, 5, 'every call its own seed');
  });

  it('aggregation: the plurality of the refinements, not of the paths', async () => {
    // paths A, A, B (plurality A); refinements B, B, A (plurality B): the answer is B
    const { final, events } = await run({ samples: 3, refinements: 3 }, ['A', 'A', 'B'], ['B', 'B', 'A']);
    assert.equal(final?.answer.value, 'B');
    assert.equal(final?.roundsRun, 2);
    const votes = events.filter((event) => event.type === 'vote').map((event) => (event.type === 'vote' ? event.winner : null));
    assert.deepEqual(votes, ['A', 'B']);
  });

  it('with no refinements the paths vote (DebateLLM\'s num_aggregation_steps = 0)', async () => {
    const { final, backend } = await run({ samples: 3, refinements: 0 }, ['C', 'A', 'C'], []);
    assert.equal(final?.answer.value, 'C');
    assert.equal(backend.calls.length, 3);
  });

  it('refuses parameters it does not take, naming them', () => {
    assert.throws(() => getProtocolFactory('ensemble-refinement').create({ overrides: { rounds: 2 } }), /rounds does not apply to ensemble-refinement/);
    assert.throws(() => new EnsembleRefinementProtocol({ samples: 0 }), /samples/);
  });

  it('a worker rebuilds it from the recorded parameters', () => {
    const protocol = getProtocolFactory('ensemble-refinement').create({ overrides: { samples: 5, refinements: 7 } });
    const config = { protocol: { name: protocol.name, preset: protocol.name, params: { ...protocol.params } } } as unknown as RunConfig;
    const rebuilt = rebuildProtocol(config);
    assert.equal(rebuilt.name, 'ensemble-refinement');
    assert.equal(hashValue(rebuilt.params), hashValue(protocol.params));
  });
});
