import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { consensusFormation } from '../../../src/metrics/dynamics/consensus-formation.js';
import { consensusFormationMetric } from '../../../src/metrics/dynamics/run-dynamics.js';
import { populationVariance } from '../../../src/metrics/dynamics/statistics.js';
import { unitSummary } from '../../../src/testing/trace-fixtures.js';

const close = (actual: number | null | undefined, expected: number): void => {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);
};

/** A numeric unit: gold 3.5, answers per agent per round. */
const numericUnit = (answersByRound: Record<string, Array<string | null>>, roundsRun = Math.max(...Object.values(answersByRound).map((a) => a.length))) =>
  unitSummary({ gold: '3.5', answer: '3.4', correct: false, answersByRound, roundsRun });

describe('consensus formation (CF)', () => {
  it('1 − Var_final / Var_round0 with population variance, by hand', () => {
    // round 0: 3.0, 3.4, 3.8 → mean 3.4, Var = (0.16 + 0 + 0.16) / 3 = 0.32/3
    // round 1: 3.2, 3.4, 3.6 → Var = 0.08/3 → 1 − 0.08/0.32 = 0.75
    // round 2: 3.3, 3.4, 3.5 → Var = 0.02/3 → CF = 1 − 0.02/0.32 = 0.9375
    const cf = consensusFormation(numericUnit({ 'Agent A': ['3', '3.2', '3.3'], 'Agent B': ['3.4', '3.4', '3.4'], 'Agent C': ['3.8', '3.6', '3.5'] }));
    assert.ok(cf.value !== null);
    close(cf.varianceRound0, 0.32 / 3);
    close(cf.varianceFinal, 0.02 / 3);
    close(cf.value, 0.9375);
    assert.equal(cf.byRound.length, 3);
    close(cf.byRound[0], 0);
    close(cf.byRound[1], 0.75);
    close(cf.byRound[2], 0.9375);
  });

  it('is 1 at full agreement and negative when forecasts spread out', () => {
    close(consensusFormation(numericUnit({ 'Agent A': ['3', '3.4'], 'Agent B': ['3.8', '3.4'] })).value, 1);
    // Var_0 of (3, 4) = 0.25; Var_1 of (2, 5) = 2.25 → 1 − 9 = −8
    close(consensusFormation(numericUnit({ 'Agent A': ['3', '2'], 'Agent B': ['4', '5'] })).value, -8);
  });

  it('the final round counts the agents that spoke in it (a muted agent is left out)', () => {
    // round 2: Agent C muted (null) → Var of (3.3, 3.5) = 0.01 → 1 − 0.01 / (0.32/3) = 0.90625
    close(consensusFormation(numericUnit({ 'Agent A': ['3', '3.2', '3.3'], 'Agent B': ['3.4', '3.4', '3.5'], 'Agent C': ['3.8', '3.6', null] })).value, 1 - 0.01 / (0.32 / 3));
  });

  it('is undefined, with a reason, when round 0 has no variance or a round too few numbers', () => {
    assert.deepEqual(consensusFormation(numericUnit({ 'Agent A': ['3.4', '3.5'], 'Agent B': ['3.4', '3.3'] })), { value: null, reason: 'no-variance' });
    assert.deepEqual(consensusFormation(numericUnit({ 'Agent A': ['3.4', '3.5'], 'Agent B': [null, '3.3'] })), { value: null, reason: 'too-few-answers' });
    assert.deepEqual(consensusFormation(numericUnit({ 'Agent A': ['3', null], 'Agent B': ['4', '3.3'] })), { value: null, reason: 'too-few-answers' });
  });

  it('aggregates the mean over defined units and counts the undefined ones; null for non-numeric runs', () => {
    const metric = consensusFormationMetric([
      numericUnit({ 'Agent A': ['3', '3.4'], 'Agent B': ['3.8', '3.4'] }), // CF 1
      numericUnit({ 'Agent A': ['3', '3.2'], 'Agent B': ['4', '3.8'] }), // Var_0 0.25, Var_1 0.09 → 0.64
      numericUnit({ 'Agent A': ['3.4', '3.5'], 'Agent B': ['3.4', '3.3'] }), // no variance
      numericUnit({ 'Agent A': [null, '3.5'], 'Agent B': ['3.4', '3.3'] }), // too few
    ]);
    assert.ok(metric !== null);
    close(metric.mean, (1 + 0.64) / 2);
    close(metric.median, 0.82);
    assert.equal(metric.units, 2);
    assert.equal(metric.undefinedUnits, 2);
    assert.deepEqual(metric.undefinedReasons, { 'no-variance': 1, 'too-few-answers': 1 });
    close(metric.byRound[0], 0);
    close(metric.byRound[1], 0.82);
    assert.equal(consensusFormationMetric([unitSummary()]), null);
  });

  it('population variance is exactly 0 for equal values', () => {
    assert.equal(populationVariance([0.1 + 0.2, 0.1 + 0.2, 0.1 + 0.2]), 0);
    assert.equal(populationVariance([1, 3]), 1);
  });
});
