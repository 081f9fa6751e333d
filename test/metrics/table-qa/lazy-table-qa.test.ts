import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metricsJson } from '../../../src/cli/format-metrics.js';
import { runMetrics } from '../../../src/metrics/run-metrics.js';
import { tableQaMetrics } from '../../../src/metrics/table-qa/table-qa-metrics.js';
import type { UnitRecord, UnitSummary } from '../../../src/spec/store.js';
import { runRecord, unitSummary } from '../../../src/testing/trace-fixtures.js';

const unit = (id: string, summary: UnitSummary): UnitRecord => ({ id, runId: 'run-1', questionId: id, protocol: 'du', seed: 1, status: 'done', summary, finishedAt: '2026-12-06T00:00:00.000Z' });
const mcq = [unit('q1', unitSummary({ scorer: 'medqa-letter' })), unit('q2', unitSummary({ scorer: 'medqa-letter', answer: 'C', correct: false, latencyMs: 40 }))];
const finqa = [unit('t1', unitSummary({ scorer: 'finqa-execution', gold: '1.64', answer: '1.64' })), unit('t2', unitSummary({ scorer: 'finqa-execution', gold: '1.64', answer: '1.7', correct: false }))];
const pending = (metrics: object): boolean => Object.getOwnPropertyDescriptor(metrics, 'tableQa')?.get !== undefined;

describe('RunMetrics.tableQa is computed when read', () => {
  it('holds the same value, at the same place among the keys, once read', () => {
    for (const units of [mcq, finqa]) {
      const metrics = runMetrics(units);
      assert.ok(pending(metrics), 'not computed by runMetrics itself');
      const keys = Object.keys(metrics);
      assert.deepEqual(keys.slice(keys.indexOf('escalation'), keys.indexOf('escalation') + 3), ['escalation', 'tableQa', 'applicable']);
      assert.deepEqual(metrics.tableQa, tableQaMetrics(units));
      assert.ok(!pending(metrics), 'kept as a plain value after the first read');
      assert.equal(metrics.tableQa, metrics.tableQa);
      assert.deepEqual(Object.keys(metrics), keys);
      assert.deepEqual(JSON.parse(JSON.stringify(runMetrics(units))).tableQa, JSON.parse(JSON.stringify(tableQaMetrics(units))));
    }
  });

  it('a frozen RunMetrics still reads it', () => {
    const metrics = Object.freeze(runMetrics(finqa));
    assert.deepEqual(metrics.tableQa, tableQaMetrics(finqa));
    assert.deepEqual(metrics.tableQa, tableQaMetrics(finqa));
  });

  it('a write replaces it', () => {
    const metrics = runMetrics(mcq);
    const replaced = { ...tableQaMetrics(mcq), units: 99 };
    metrics.tableQa = replaced;
    assert.equal(metrics.tableQa, replaced);
  });

  it('--json of a run the table-QA measures do not apply to never computes them; a table-QA run prints them', () => {
    const metrics = runMetrics(mcq);
    const json = metricsJson(runRecord('run-1'), metrics);
    assert.equal('tableQa' in json, false);
    assert.ok(pending(metrics), 'metricsJson read tableQa');
    const table = runMetrics(finqa);
    assert.deepEqual(metricsJson(runRecord('run-1'), table)['tableQa'], tableQaMetrics(finqa));
  });
});
