/** The pieces of a study: sampling, `${VAR}`, fixed-role agents, comparisons, budget, pace. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { studyComparisons } from '../../src/analysis/study-comparisons.js';
import type { Question } from '../../src/spec/question.js';
import type { StudyRecord, TraceStore, UnitCounts, UnitRecord } from '../../src/spec/store.js';
import { cellAgents } from '../../src/study/cell-agents.js';
import { interpolateEnv, MissingVariableError } from '../../src/study/interpolate-env.js';
import { sampleQuestions } from '../../src/study/sample-questions.js';
import { unitCostUsd } from '../../src/metrics/unit-cost.js';
import { budgetReached } from '../../src/study/study-budget.js';
import type { StudyConfig } from '../../src/study/study-config.js';
import { studyProgress } from '../../src/study/study-status.js';
import { unitSummary } from '../../src/testing/trace-fixtures.js';

const question = (id: string, extra: Partial<Question> = {}): Question => ({ id, prompt: `Question ${id}?`, gold: { kind: 'text', value: 'x' }, ...extra });

describe('sampleQuestions', () => {
  const questions = Array.from({ length: 30 }, (_, index) => question(`q${index}`));

  it('takes the first n, or a seeded draw kept in file order that ignores the file order', () => {
    assert.deepEqual(sampleQuestions(questions, { method: 'first', seed: 0, limit: 3 }).map((entry) => entry.id), ['q0', 'q1', 'q2']);
    const drawn = sampleQuestions(questions, { method: 'random', seed: 7, limit: 5 }).map((entry) => entry.id);
    assert.equal(drawn.length, 5);
    assert.deepEqual(drawn, [...drawn].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))), 'file order');
    assert.deepEqual(sampleQuestions([...questions].reverse(), { method: 'random', seed: 7, limit: 5 }).map((entry) => entry.id).sort(), [...drawn].sort());
    assert.notDeepEqual(sampleQuestions(questions, { method: 'random', seed: 8, limit: 5 }).map((entry) => entry.id), drawn);
    assert.equal(sampleQuestions(questions, { method: 'random', seed: 7 }).length, 30);
  });
});

describe('interpolateEnv', () => {
  it('reads variables, applies defaults for unset or empty ones, keeps $${ literal', () => {
    assert.equal(interpolateEnv('openai:${M}@${URL:-http://h/v1}', { M: 'qwen' }), 'openai:qwen@http://h/v1');
    assert.equal(interpolateEnv('${M:-d}', { M: '' }), 'd');
    assert.equal(interpolateEnv('a$${B}c', {}), 'a${B}c');
    assert.throws(() => interpolateEnv('${NOPE}', {}), (error: unknown) => error instanceof MissingVariableError && error.variable === 'NOPE');
  });
});

describe('cellAgents', () => {
  const setup = { label: 'local', agents: [{ backend: 'openai:m@http://h/v1', decoding: { temperature: 0.2 } }, { backend: 'openai:n@http://h/v1' }, { backend: 'openai:o@http://h/v1' }] };

  it('gives a fixed-role protocol one agent per role on the first agent’s backend; others the agents as listed', () => {
    assert.equal(cellAgents('du', setup), setup.agents);
    const dealog = cellAgents('dealog', setup);
    assert.equal(dealog.length, 5);
    assert.ok(dealog.every((agent) => agent.backend === 'openai:m@http://h/v1' && agent.decoding?.temperature === 0.2 && agent.name === undefined));
  });
});

describe('studyComparisons', () => {
  const config = (comparisons: object) => ({ file: { comparisons }, protocols: ['ni', 'du', 'gdp'].map((label) => ({ label, preset: label, overrides: {} })) }) as unknown as StudyConfig;

  it('compares every protocol with the baseline, adds explicit pairs once, and defaults to the first protocol', () => {
    const two = 'two-sided' as const;
    assert.deepEqual(studyComparisons(config({ baseline: 'ni', pairs: [['gdp', 'du'], ['du', 'ni']] })), [
      { treatment: 'du', control: 'ni', alternative: two },
      { treatment: 'gdp', control: 'ni', alternative: two },
      { treatment: 'gdp', control: 'du', alternative: two },
    ]);
    assert.deepEqual(studyComparisons(config({ pairs: [['gdp', 'du']] })), [{ treatment: 'gdp', control: 'du', alternative: two }]);
    assert.deepEqual(studyComparisons(config({})), [
      { treatment: 'du', control: 'ni', alternative: two },
      { treatment: 'gdp', control: 'ni', alternative: two },
    ]);
  });

  it('takes the alternative from a pair, else from comparisons.alternative; a pair repeating a baseline comparison sets its alternative', () => {
    assert.deepEqual(studyComparisons(config({ baseline: 'ni', alternative: 'less', pairs: [{ treatment: 'gdp', control: 'ni', alternative: 'greater' }, { treatment: 'gdp', control: 'du' }] })), [
      { treatment: 'du', control: 'ni', alternative: 'less' },
      { treatment: 'gdp', control: 'ni', alternative: 'greater' },
      { treatment: 'gdp', control: 'du', alternative: 'less' },
    ]);
  });
});

describe('budget', () => {
  it('says which limit is reached', () => {
    assert.equal(budgetReached({}, { tokens: 1e9, costUsd: 1e9 }), null);
    assert.equal(budgetReached({ maxTokens: 100 }, { tokens: 99, costUsd: null }), null);
    assert.equal(budgetReached({ maxTokens: 100 }, { tokens: 100, costUsd: null }), 'token budget reached: 100 of 100 tokens');
    assert.equal(budgetReached({ maxCostUsd: 2 }, { tokens: 0, costUsd: 2.5 }), 'cost budget reached: $2.5000 of $2');
    assert.equal(budgetReached({ maxCostUsd: 2 }, { tokens: 0, costUsd: null }), null);
  });

  it('counts a $0 unit whose calls reached an unpriced backend as unknown, not free', () => {
    assert.equal(unitCostUsd(unitSummary({ costUsd: 0, calls: 6, cacheHits: 6 })), 0);
    assert.equal(unitCostUsd(unitSummary({ costUsd: 0, calls: 6, cacheHits: 2 })), null);
    assert.equal(unitCostUsd(unitSummary({ costUsd: 0.01 })), 0.01);
  });
});

describe('studyProgress', () => {
  it('estimates the ETA from the pace of the last finished units, not from pauses', async () => {
    // One run: units finished at minute 0, then (after a long pause) at minutes 100, 101, 102, 103.
    const minutes = [0, 100, 101, 102, 103];
    const units: UnitRecord[] = minutes.map((minute, index) => ({ id: `u${index}`, runId: 'r', questionId: `q${index}`, protocol: 'du', seed: 1, status: 'done', summary: unitSummary(), finishedAt: new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString() }));
    const counts: UnitCounts = { done: 5, failed: 0, pending: 5, total: 10 };
    const store = {
      listStudyRuns: async () => [{ studyId: 's', cell: 'du|d|b', runId: 'r' }],
      getRun: async () => ({ status: 'interrupted' }),
      countUnits: async () => counts,
      listUnits: async () => units,
    } as unknown as TraceStore;
    const config = { cells: [{ key: 'du|d|b', protocol: 'du', dataset: 'd', setup: 'b' }, { key: 'ni|d|b', protocol: 'ni', dataset: 'd', setup: 'b' }], datasets: [{ label: 'd', questionIds: Array.from({ length: 10 }, (_, index) => `q${index}`) }], setups: [{ label: 'b' }], seeds: [1] };
    const progress = await studyProgress(store, { id: 's', config } as unknown as StudyRecord, 4);
    assert.deepEqual(progress.totals, { planned: 20, finished: 5, failed: 0, remaining: 15 });
    assert.equal(progress.unitsPerMinute, 1, 'the last four units: three intervals in three minutes');
    assert.equal(progress.etaMs, 15 * 60_000);
    assert.deepEqual(progress.cells.map((cell) => [cell.label, cell.runId, cell.done]), [['du', 'r', 5], ['ni', null, 0]]);
  });
});
