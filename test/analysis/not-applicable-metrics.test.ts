/**
 * Metrics that do not apply to a protocol are n/a in a study, never 0 or 1:
 * agreement of a single-agent CoT cell has no value, so its comparison
 * with a debate excludes every pair and says so; EM is n/a for option
 * letters. Expected values are hand-counted from the units below.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CellData, StudyData } from '../../src/study/collect-study-data.js';
import { comparisonTable } from '../../src/analysis/comparison-table.js';
import { protocolTable } from '../../src/analysis/protocol-table.js';
import { unitObservation } from '../../src/analysis/unit-observations.js';
import { runMetrics } from '../../src/metrics/run-metrics.js';
import type { StudyRecord, UnitRecord, UnitSummary } from '../../src/spec/store.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import type { StudyConfig } from '../../src/study/study-config.js';
import { unitSummary } from '../../src/testing/trace-fixtures.js';

const FILE = parseStudyFile(
  `name: na
datasets: [{ name: fx, dataset: generic, path: fx.jsonl }]
backends: { local: 'openai:m@http://127.0.0.1:1/v1' }
agents: { count: 3, backend: local }
protocols: [cot, du]
seeds: [1]
comparisons: { pairs: [[du, cot]], metrics: [agreement, accuracy, em, latency_ms] }
`,
  'na.yaml',
  {},
);

function unit(protocol: string, questionId: string, summary: Partial<UnitSummary>): UnitRecord {
  return { id: `${protocol}-${questionId}`, runId: `run-${protocol}`, questionId, protocol, seed: 1, status: 'done', summary: unitSummary({ scorer: 'medqa-letter', ...summary }), finishedAt: '2026-01-01T00:00:00.000Z' };
}

// CoT: one answering agent; du: three agents, unanimous on q1 and q2, split on q3
const COT = [unit('cot', 'q1', { answersByRound: { 'Agent A': ['B'] }, roundsRun: 1, latencyMs: 300 }), unit('cot', 'q2', { answersByRound: { 'Agent A': ['C'] }, correct: false, roundsRun: 1, latencyMs: 400 }), unit('cot', 'q3', { answersByRound: { 'Agent A': ['B'] }, roundsRun: 1, latencyMs: 500 })];
const DU = [unit('du', 'q1', { latencyMs: 900 }), unit('du', 'q2', { latencyMs: 1000 }), unit('du', 'q3', { unanimous: false, latencyMs: 1400 })];

function cell(protocol: string, units: UnitRecord[]): CellData {
  return {
    cell: { key: `${protocol}|fx|local`, protocol, dataset: 'fx', setup: 'local' },
    label: protocol,
    planned: 3,
    run: { id: `run-${protocol}` } as CellData['run'],
    units,
    observations: units.map((entry) => unitObservation(entry, undefined)).filter((entry) => entry !== null),
    metrics: runMetrics(units),
    audit: null,
    auditGroup: null,
  };
}

function data(): StudyData {
  const config = { file: FILE, protocols: [{ label: 'cot', preset: 'cot', overrides: {} }, { label: 'du', preset: 'du', overrides: {} }], datasets: [{ label: 'fx' }], setups: [{ label: 'local' }] } as unknown as StudyConfig;
  return { study: { id: 's' } as StudyRecord, config, cells: [cell('cot', COT), cell('du', DU)] };
}

describe('metrics that do not apply are n/a in studies', () => {
  it('agreement of a single-agent protocol is n/a in the protocol table, not 1', () => {
    const [cot, du] = protocolTable(data());
    assert.equal(cot!.estimates.agreement.mean, null);
    assert.equal(cot!.estimates.agreement.n, 0);
    // du: unanimous on 2 of 3 questions
    assert.equal(du!.estimates.agreement.mean, 2 / 3);
    assert.ok(!('em' in cot!.estimates) || cot!.estimates['em']!.mean === null, 'EM is n/a for option letters');
  });

  it('a pair with n/a on one side is excluded and counted, with the reason', () => {
    const table = comparisonTable(data());
    const agreement = table.rows.find((row) => row.metric === 'agreement')!;
    assert.equal(agreement.n, 0);
    assert.deepEqual(agreement.excluded, { treatment: 0, control: 3, both: 0 });
    assert.ok(agreement.notes.some((note) => note === '3 pairs excluded (3 n/a under cot): fewer than two answering agents'), agreement.notes.join(' | '));
    const accuracy = table.rows.find((row) => row.metric === 'accuracy')!;
    assert.equal(accuracy.n, 3);
    assert.deepEqual(accuracy.excluded, { treatment: 0, control: 0, both: 0 });
    // em is n/a on both sides (option letters): explicitly asked for, so named as not compared with its reason
    assert.deepEqual(table.notCompared, [{ metric: 'em', reason: 'n/a for every unit: answers are not graded as free-form or table answers' }]);
  });

  it('per-question latency: paired difference, mean and median per protocol', () => {
    const latency = comparisonTable(data()).rows.find((row) => row.metric === 'latency_ms')!;
    // du − cot: 600, 600, 900 → mean 700
    assert.equal(latency.n, 3);
    assert.equal(latency.meanDifference, 700);
    const [cot, du] = protocolTable(data());
    assert.equal(cot!.estimates.latency_ms.mean, 400);
    assert.equal(cot!.medians.latency_ms, 400);
    // du: 900, 1000, 1400 → median 1000, mean 1100
    assert.equal(du!.medians.latency_ms, 1000);
    assert.equal(du!.estimates.latency_ms.mean, 1100);
  });
});
