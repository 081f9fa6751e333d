/**
 * Failure-mode rules (docs/metrics.md): each label triggered by a unit
 * designed for it, scored through the audit pass with fixed vectors.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditSettings } from '../../../src/audit-runner/audit-settings.js';
import { EmbeddingCache } from '../../../src/audit-runner/embedding-cache.js';
import { labelFailureModes } from '../../../src/audit-runner/label-failure-modes.js';
import { NliCache } from '../../../src/audit-runner/nli-cache.js';
import { scoreUnits } from '../../../src/audit-runner/score-units.js';
import { summarizeGroup } from '../../../src/audit-runner/summarize-audit.js';
import type { AgentAuditInput, UnitAuditInput } from '../../../src/audit-runner/unit-audit-input.js';
import { lowCaraCut } from '../../../src/metrics/failure-modes/low-cara.js';
import { countOwnSteps, movedAnswer } from '../../../src/metrics/failure-modes/own-steps.js';
import { isVagueStep } from '../../../src/metrics/failure-modes/vague-step.js';
import { FakeEmbeddingProvider, FakeNliProvider, nliKey } from '../../audit-runner/fake-audit-providers.js';

const S1 = 'atropine blocks cardiac muscarinic receptors';
const S2 = 'vagal tone slows the sinus node';
const T1 = 'muscarinic blockade raises the sinus rate';
const T2 = 'the sinus node responds to vagal input';
const T3 = 'beta agonists increase contractility directly';
const V1 = 'it may depend on several factors';
const V2 = 'this could possibly help';

const VECTORS = { [S1]: [1, 0, 0], [S2]: [0, 1, 0], [T1]: [4, 3, 0], [T2]: [0, 3, 4], [T3]: [0, 0, 1], [V1]: [0, 1, 0], [V2]: [0, 3, 4] };

/** Cosine thresholds of the FM1/FM6 rules used by these cases (the defaults are set for wordvec). */
const THRESHOLDS = { lowSim: 0.6, counterpartCosine: 0.75 };

function agent(name: string, steps: string[], answers: Array<string | null> = ['B']): AgentAuditInput {
  return { name, answer: answers.at(-1) ?? null, answers, steps, ownSteps: steps.length };
}

function unit(id: string, agents: AgentAuditInput[]): UnitAuditInput {
  return { unitId: id, questionId: id, protocol: 'du', seed: 1, aggregated: 'B', gold: 'B', correct: true, agents, scoringPoints: null };
}

// fm2 contradicts on (S2, T1); FM6 has the same steps, so it is scored alone (the NLI table is per audit).
const FM6_UNIT = unit('fm6', [agent('A', [S1, S2]), agent('B', [T1, T2])]);
const UNITS = [
  unit('fm1', [agent('A', [S1]), agent('B', [T3])]),
  unit('fm2', [agent('A', [S1, S2]), agent('B', [T1, T2])]),
  unit('fm3', [agent('A', [V1, S1]), agent('B', [V2, T1])]),
  unit('fm4', [agent('A', [S1]), agent('B', [T1]), agent('C', [], ['C', 'B'])]),
  unit('fm5', [agent('A', [S1]), agent('B', [T1]), agent('C', [], ['B'])]),
  unit('high', [agent('A', [S1]), agent('B', [S1])]),
];

async function audit(low: { kind: 'quantile' | 'threshold'; value: number }) {
  const settings = auditSettings('fake-embed', 'fake-nli', { failureModes: { low, ...THRESHOLDS } });
  const contradictions = { [nliKey(S2, T1)]: 0.9 };
  const results = await scoreUnits(UNITS, {
    embeddings: new EmbeddingCache(new FakeEmbeddingProvider(VECTORS)),
    nli: new NliCache(new FakeNliProvider(contradictions)),
    settings,
  });
  return { results, settings };
}

describe('failure modes', () => {
  it('labels each designed low-CARA unit with its mode; a high unit gets none', async () => {
    const { results, settings } = await audit({ kind: 'threshold', value: 0.9 });
    labelFailureModes(results, settings.failureModes);
    const byUnit = Object.fromEntries(results.map((result) => [result.unitId, result.details.failureModes]));
    assert.deepEqual(byUnit['fm1'], ['FM1']);
    assert.deepEqual(byUnit['fm2'], ['FM2']);
    assert.deepEqual(byUnit['fm3'], ['FM3', 'FM6']);
    assert.deepEqual(byUnit['fm4'], ['FM4']);
    assert.deepEqual(byUnit['fm5'], ['FM5']);
    assert.deepEqual(byUnit['high'], []);
    assert.equal(results.find((result) => result.unitId === 'high')!.details.lowCara, false);
    assert.equal(results.find((result) => result.unitId === 'fm3')!.failureMode, 'FM3');
    assert.equal(results.find((result) => result.unitId === 'fm3')!.details.vagueSteps, 2);
  });

  it('FM6: no contradiction and middling SIM (0.7 ≥ 0.6)', async () => {
    const settings = auditSettings('e', 'n', { failureModes: { low: { kind: 'threshold', value: 0.9 }, ...THRESHOLDS } });
    const results = await scoreUnits([FM6_UNIT], {
      embeddings: new EmbeddingCache(new FakeEmbeddingProvider(VECTORS)),
      nli: new NliCache(new FakeNliProvider()),
      settings,
    });
    labelFailureModes(results, settings.failureModes);
    // SIM(A→B) = (0.8 + 0.6)/2, SIM(B→A) = (0.8 + 0.6)/2 → SIM(q) = 0.7 = CARA-HYB(q)
    assert.ok(Math.abs(results[0]!.sim! - 0.7) < 1e-9);
    assert.deepEqual(results[0]!.details.failureModes, ['FM6']);
  });

  it('counts primary labels in the summary and records the cut', async () => {
    const { results, settings } = await audit({ kind: 'threshold', value: 0.9 });
    const thresholds = labelFailureModes(results, settings.failureModes);
    const summary = summarizeGroup('du', results, settings, thresholds.get('du') ?? null);
    assert.deepEqual(summary.failureModes, { FM1: 1, FM2: 1, FM3: 1, FM4: 1, FM5: 1, FM6: 0 });
    assert.deepEqual(summary.lowCara, { threshold: 0.9, count: 5 });
    assert.equal(summary.eligible, 6);
    assert.equal(summary.emptyPairs, 4);
  });

  it('with the default quantile rule, only the bottom of the protocol is low', async () => {
    const { results, settings } = await audit({ kind: 'quantile', value: 0.25 });
    labelFailureModes(results, settings.failureModes);
    const low = results.filter((result) => result.details.lowCara).map((result) => result.unitId);
    const values = results.map((result) => result.caraHyb!).sort((a, b) => a - b);
    const cut = lowCaraCut(values, { kind: 'quantile', value: 0.25 });
    assert.deepEqual(low, results.filter((result) => cut.isLow(result.caraHyb!)).map((result) => result.unitId));
    assert.ok(low.includes('fm1'));
    assert.ok(!low.includes('high'));
  });
});

describe('failure-mode building blocks', () => {
  it('low-CARA cut: quantile includes ties at the cut but never the maximum; threshold is strict', () => {
    const cut = lowCaraCut([0.1, 0.2, 0.2, 0.9], { kind: 'quantile', value: 0.5 });
    assert.equal(cut.threshold, 0.2);
    assert.deepEqual([0.1, 0.2, 0.9].map(cut.isLow), [true, true, false]);
    const flat = lowCaraCut([0.5, 0.5, 0.5], { kind: 'quantile', value: 0.25 });
    assert.equal(flat.isLow(0.5), false);
    const fixed = lowCaraCut([], { kind: 'threshold', value: 0.3 });
    assert.deepEqual([fixed.isLow(0.3), fixed.isLow(0.29)], [false, true]);
    assert.equal(lowCaraCut([], { kind: 'quantile', value: 0.25 }).threshold, null);
  });

  it('vague steps: hedges and generic statements, but not "most likely"', () => {
    assert.equal(isVagueStep('Bradycardia may have several causes in this setting'), true);
    assert.equal(isVagueStep('This is important to consider'), true);
    assert.equal(isVagueStep('Overall the picture fits'), true);
    assert.equal(isVagueStep('Atropine blocks M2 receptors in the sinoatrial node'), false);
    assert.equal(isVagueStep('The most likely diagnosis is inferior myocardial infarction'), false);
  });

  it('own steps exclude copies of peers’ earlier steps; a move needs a different parseable answer', () => {
    assert.equal(countOwnSteps(['Atropine blocks M2.', 'Heart rate rises!'], ['atropine  blocks m2', 'something else']), 1);
    assert.equal(countOwnSteps([], ['x']), 0);
    assert.equal(movedAnswer(['A', 'B']), true);
    assert.equal(movedAnswer([null, 'B']), false);
    assert.equal(movedAnswer(['B', 'B']), false);
    assert.equal(movedAnswer(['B', null]), false);
  });
});
