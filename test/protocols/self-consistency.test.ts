import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchedSamples, measuredPerUnit, plannedCalls } from '../../src/protocols/baselines/compute-match.js';
import { resolveDebateParams } from '../../src/protocols/debate/create-debate-protocol.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import type { TraceStore } from '../../src/spec/store.js';
import { parseRunFile } from '../../src/runner/run-file.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

const question: Question = {
  id: 'q1',
  prompt: 'Which drug treats symptomatic bradycardia first?',
  options: { A: 'Atropine', B: 'Adenosine', C: 'Amiodarone', D: 'Metoprolol' },
  gold: { kind: 'choice', value: 'A' },
};

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

/** Runs a self-consistency protocol whose sample i answers `answers[i]`. */
async function sample(protocol: string, overrides: Record<string, unknown>, answers: string[]) {
  const backend = new ScriptedBackend({ fallback: (request) => `Reasoning of sample ${request.sampleIndex}.\nAnswer: ${answers[request.sampleIndex ?? 0] ?? 'A'}` });
  const events: ProtocolEventInput[] = [];
  const created = getProtocolFactory(protocol).create({ overrides });
  await created.run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: [{ name: 'Solver', backend, decoding: { temperature: 0 } }], seed: 7, emit: (event) => events.push(event) }));
  return { events, backend, params: created.params, turns: events.filter((event): event is Turn => event.type === 'turn') };
}

describe('self-consistency (Wang et al. 2023)', () => {
  it('k samples of one agent, each alone, each with its own seed and sample index', async () => {
    const { turns, backend, params } = await sample('self-consistency', { samples: 5 }, ['A', 'B', 'A', 'C', 'A']);
    assert.deepEqual(turns.map((turn) => [turn.agent, turn.round, turn.saw.length]), [0, 1, 2, 3, 4].map((index) => [`Solver#${index}`, 0, 0]));
    // distinct (seed, sample index): the completion cache keys on both, so it returns five completions, not one
    assert.equal(new Set(backend.calls.map((call) => `${call.decoding.seed}/${call.sampleIndex}`)).size, 5);
    assert.equal(new Set(backend.calls.map((call) => call.decoding.seed)).size, 5);
    // the paper's temperature replaces the agent's 0; every sample gets the same prompt
    assert.deepEqual(new Set(backend.calls.map((call) => call.decoding.temperature)), new Set([0.7]));
    assert.equal(new Set(backend.calls.map((call) => JSON.stringify(call.messages))).size, 1);
    assert.deepEqual(params, { samples: 5, temperature: 0.7 });
  });

  it('the plurality of the samples\' answers is the final answer', async () => {
    // A three times, B twice, C once → A
    const { events } = await sample('self-consistency', { samples: 6 }, ['B', 'A', 'C', 'A', 'B', 'A']);
    const vote = events.find((event) => event.type === 'vote');
    const final = events.find((event) => event.type === 'final');
    assert.deepEqual(vote?.type === 'vote' && vote.tally, { A: 3, B: 2, C: 1 });
    assert.deepEqual(final?.type === 'final' && [final.answer.value, final.aggregate, final.roundsRun], ['A', 'majority', 1]);
  });

  it('a tie is broken by a seeded draw, recorded in the vote', async () => {
    const { events } = await sample('self-consistency', { samples: 2 }, ['A', 'B']);
    const vote = events.find((event) => event.type === 'vote');
    assert.ok(vote?.type === 'vote' && vote.tieBreak !== undefined && ['A', 'B'].includes(vote.tieBreak.drawn));
    assert.deepEqual(vote?.type === 'vote' && vote.tieBreak?.tied, ['A', 'B']);
  });

  it('defaults to 40 samples; temperature null keeps the agent\'s decoding; debate flags are refused', async () => {
    assert.equal(getProtocolFactory('self-consistency').create({}).params['samples'], 40);
    const own = await sample('self-consistency', { samples: 2, temperature: null }, []);
    assert.equal(own.backend.calls[0]!.decoding.temperature, 0);
    assert.throws(() => getProtocolFactory('self-consistency').create({ overrides: { rounds: 2 } }), /rounds does not apply to self-consistency/);
  });
});

describe('sc-matched: k from the compared protocol', () => {
  it('from a preset: agents × (rounds + 1) calls', () => {
    // du: 3 agents, rounds 1 (Du et al.'s rounds = 2) → 3 × 2 = 6
    assert.equal(matchedSamples({ match: 'du' }).samples, 6);
    assert.equal(matchedSamples({ match: 'du' }).derivation.formula, 'du, 3 agents × (1 round + 1) = 6 calls → k = 6');
    // du-fresh: rounds 2 → 3 × 3 = 9; 5 agents, 3 rounds → 5 × 4 = 20
    assert.equal(matchedSamples({ match: 'du-fresh' }).samples, 9);
    assert.equal(matchedSamples({ match: 'du', matchAgents: 5, matchRounds: 3 }).samples, 20);
  });

  it('planned calls count the judge, muting, drafts and ballots', () => {
    // ra-cr, 3 agents, 2 rounds: turns 3 + 2 × (3 − 1 muted) = 7, judge every round 3 → 10
    assert.equal(plannedCalls(resolveDebateParams('ra-cr'), 3), 10);
    // du-fresh with 2 drafts: 9 turns × 2 drafts + 9 judge picks = 27
    assert.equal(plannedCalls(resolveDebateParams('du-fresh', { drafts: 2 }), 3), 27);
    // du with approval voting: 6 turns + 3 ballots after each of rounds 0 and 1 = 12
    assert.equal(plannedCalls(resolveDebateParams('du', { decision: 'approval' }), 3), 12);
  });

  it('from measured calls or tokens per unit, rounded, at least 1', () => {
    assert.deepEqual(matchedSamples({ matchCalls: 7.4 }).samples, 7);
    assert.deepEqual(matchedSamples({ matchCalls: 0.2 }).samples, 1);
    // 12 000 tokens per debate unit / 1 500 tokens per sample = 8
    const tokens = matchedSamples({ matchTokens: 12000, tokensPerSample: 1500 });
    assert.deepEqual([tokens.samples, tokens.derivation.by], [8, 'tokens']);
    assert.throws(() => matchedSamples({ matchTokens: 12000 }), /tokensPerSample/);
    assert.throws(() => matchedSamples({ match: 'du', matchCalls: 6 }), /exactly one/);
  });

  it('the derivation is recorded in the protocol\'s parameters; nothing to match matches du', async () => {
    const { params, turns } = await sample('sc-matched', { match: 'du' }, []);
    assert.equal(turns.length, 6);
    assert.deepEqual(params, { samples: 6, temperature: 0.7, matched: { by: 'preset-calls', target: 6, formula: 'du, 3 agents × (1 round + 1) = 6 calls → k = 6', preset: 'du', agents: 3, rounds: 1 } });
    assert.equal(getProtocolFactory('sc-matched').create({}).params['samples'], 6);
    assert.throws(() => getProtocolFactory('sc-matched').create({ overrides: { samples: 3 } }), /samples does not apply to sc-matched/);
  });

  it('a run file takes the parameters as given, no defaults added (a debate preset would refuse them)', () => {
    const file = parseRunFile('protocol:\n  preset: sc-matched\n  match: du\n  matchAgents: 5\ndataset: demo\nbackend: scripted\n', 'run.yaml');
    assert.deepEqual(file.overrides, { match: 'du', matchAgents: 5 });
    assert.equal(getProtocolFactory('sc-matched').create({ overrides: file.overrides }).params['samples'], 10);
  });

  it('a stored run\'s mean calls and tokens per finished unit', async () => {
    const unit = (calls: number, tokens: number) => ({ summary: { calls, usage: { promptTokens: tokens - 100, completionTokens: 100 } } });
    const store = { listUnits: async () => [unit(6, 3000), unit(8, 5000)] } as unknown as TraceStore;
    assert.deepEqual(await measuredPerUnit(store, 'run-1'), { calls: 7, tokens: 4000, units: 2 });
  });
});
