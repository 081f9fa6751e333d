/**
 * Per-protocol estimates and comparisons from hand-made units: seeds are
 * averaged per question before the mean and its bootstrap CI; missing
 * values stay missing; CARA comes from the audit; CF by round from the
 * numeric forecasts; `pairing: question` averages seeds before pairing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CellData, StudyData } from '../../src/study/collect-study-data.js';
import { comparisonTable } from '../../src/analysis/comparison-table.js';
import { protocolTable } from '../../src/analysis/protocol-table.js';
import { unitObservation } from '../../src/analysis/unit-observations.js';
import { runMetrics } from '../../src/metrics/run-metrics.js';
import type { AuditGroupSummary } from '../../src/spec/audit-result.js';
import type { StudyRecord, UnitRecord, UnitSummary } from '../../src/spec/store.js';
import type { StudyConfig } from '../../src/study/study-config.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { unitSummary } from '../../src/testing/trace-fixtures.js';

const FILE = parseStudyFile(
  `name: numbers
datasets: [{ name: fx, dataset: generic, path: fx.jsonl }]
backends: { local: 'openai:m@http://127.0.0.1:1/v1' }
agents: { count: 3, backend: local }
protocols: [ni, du]
seeds: [1, 2]
analysis: { bootstrap: { resamples: 500, seed: 3 } }
`,
  'numbers.yaml',
  {},
);

/** A numeric unit: agents' forecasts per round, gold 10. */
function unit(protocol: string, questionId: string, seed: number, forecasts: Record<string, string[]>, overrides: Partial<UnitSummary> = {}): UnitRecord {
  const finals = Object.values(forecasts).map((rounds) => Number(rounds.at(-1)));
  const answer = [...finals].sort((a, b) => a - b)[1]!;
  const summary = unitSummary({ gold: '10', answer: String(answer), correct: answer === 10, unanimous: new Set(finals).size === 1, answersByRound: forecasts, roundsRun: Object.values(forecasts)[0]!.length, costUsd: 0.001 * seed, ...overrides });
  return { id: `${protocol}-${questionId}-${seed}`, runId: `run-${protocol}`, questionId, protocol, seed, status: 'done', summary, finishedAt: '2026-01-01T00:00:00.000Z' };
}

const NI = [
  unit('ni', 'q1', 1, { A: ['8'], B: ['10'], C: ['12'] }),
  unit('ni', 'q1', 2, { A: ['9'], B: ['11'], C: ['13'] }),
  unit('ni', 'q2', 1, { A: ['10'], B: ['10'], C: ['14'] }),
  unit('ni', 'q2', 2, { A: ['6'], B: ['10'], C: ['10'] }, { costUsd: 0, cacheHits: 0 }),
];
const DU = [
  unit('du', 'q1', 1, { A: ['8', '10'], B: ['10', '10'], C: ['12', '10'] }),
  unit('du', 'q1', 2, { A: ['9', '10'], B: ['11', '11'], C: ['13', '11'] }),
  unit('du', 'q2', 1, { A: ['10', '10'], B: ['10', '10'], C: ['14', '12'] }),
  { ...unit('du', 'q2', 2, { A: ['6', '10'], B: ['10', '10'], C: ['10', '10'] }), status: 'failed' as const },
];

function cell(protocol: string, units: UnitRecord[], group: Partial<AuditGroupSummary> | null): CellData {
  return {
    cell: { key: `${protocol}|fx|local`, protocol, dataset: 'fx', setup: 'local' },
    label: protocol,
    planned: 4,
    run: null,
    units,
    observations: units.map((entry) => unitObservation(entry, undefined)).filter((entry) => entry !== null),
    metrics: runMetrics(units),
    audit: null,
    auditGroup: group === null ? null : ({ caraHyb: { mean: 0.5, low: 0.4, high: 0.6, n: 2 }, sim: { mean: null, low: null, high: null, n: 0 }, contradictionRate: { mean: 0.1, low: 0, high: 0.2, n: 2 }, caraGt: { mean: null, low: null, high: null, n: 0 }, failureModes: { FM1: 1 }, ...group } as AuditGroupSummary),
  };
}

function data(pairing: 'question-seed' | 'question' = 'question-seed'): StudyData {
  const file = { ...FILE, analysis: { ...FILE.analysis, pairing } };
  const config = { file, protocols: [{ label: 'ni', preset: 'ni', overrides: {} }, { label: 'du', preset: 'du', overrides: {} }], datasets: [{ label: 'fx' }], setups: [{ label: 'local' }] } as unknown as StudyConfig;
  return { study: { id: 's' } as StudyRecord, config, cells: [cell('ni', NI, null), cell('du', DU, {})] };
}

describe('protocolTable', () => {
  it('averages seeds per question, then questions, and keeps missing values missing', () => {
    const [ni, du] = protocolTable(data());
    // ni absolute errors: q1 → |10−10|, |11−10| = 0, 1; q2 → |10−10|, |10−10| = 0, 0 → question means 0.5 and 0 → 0.25.
    assert.equal(ni!.estimates.abs_error.mean, 0.25);
    assert.equal(ni!.estimates.abs_error.n, 2);
    // A unit summing to $0 with calls that reached a backend is unknown, not free.
    assert.equal(ni!.estimates.cost_usd.mean, ((0.001 + 0.002) / 2 + 0.001) / 2);
    assert.equal(ni!.estimates.prr.mean, null, 'no rounds recorded: PRR missing');
    assert.deepEqual(ni!.estimates.cara_hyb, { mean: null, low: null, high: null, n: 0 }, 'not audited');
    assert.equal(ni!.failureModes, null);
    assert.deepEqual([du!.done, du!.failed, du!.pending], [3, 1, 0]);
    assert.deepEqual(du!.estimates.cara_hyb, { mean: 0.5, low: 0.4, high: 0.6, n: 2 }, 'the audit’s own figures');
    assert.equal(du!.failureModes?.FM1, 1);
    assert.equal(du!.failureModes?.FM6, 0);
  });

  it('takes CF by round from the run metrics of numeric forecasts', () => {
    const [ni, du] = protocolTable(data());
    assert.deepEqual(ni!.cfByRound, [0]);
    // du q1 s1: Var0 = 8/3, Var1 = 0 → CF 1; q1 s2: Var0 = 8/3, Var1 = 2/9 → 1 − 1/12; q2 s1: Var0 = 32/9, Var1 = 8/9 → 0.75.
    assert.ok(Math.abs(du!.cfByRound![1]! - (1 + 11 / 12 + 0.75) / 3) < 1e-12);
    assert.ok(Math.abs(du!.estimates.cf.mean! - ((1 + 11 / 12) / 2 + 0.75) / 2) < 1e-12);
  });
});

describe('comparisonTable', () => {
  it('pairs by (question, seed) and skips pairs where either side has no value', () => {
    const table = comparisonTable(data());
    const error = table.rows.find((row) => row.metric === 'abs_error')!;
    assert.equal(error.n, 3, 'du q2 seed 2 failed');
    assert.deepEqual([error.treatment, error.control], ['du', 'ni']);
    // du − ni: q1 s1 0 − 0, q1 s2 1 − 1, q2 s1 0 − 0.
    assert.equal(error.meanDifference, 0);
    // not audited (CARA and the failure-mode shares) or applicable without a value (no per-round dynamics recorded); metrics that
    // do not apply to these units (EM of free-form answers, faithfulness of a shared log) are not comparisons at all;
    // wall_ms applies to every unit (its summary records it) but these hand-made summaries carry no wallMs and no events
    assert.deepEqual(table.notCompared.map((entry) => entry.metric).sort(), ['ad', 'cara_gt', 'cara_hyb', 'cr', 'fm1', 'fm2', 'fm3', 'fm4', 'fm5', 'fm6', 'prr', 'sim', 'wall_ms']);
    assert.equal(table.rows.find((row) => row.metric === 'accuracy')!.mcnemar?.method, 'exact');
  });

  it('with pairing: question, averages seeds first and drops McNemar (the values are no longer 0/1)', () => {
    const accuracy = comparisonTable(data('question')).rows.find((row) => row.metric === 'accuracy')!;
    assert.equal(accuracy.pairing, 'question');
    assert.equal(accuracy.n, 2);
    assert.equal(accuracy.mcnemar, null);
  });
});
