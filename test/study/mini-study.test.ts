/**
 * A full study on designed outcomes (see designed-server.ts): ni vs du vs
 * du-r2 on four questions × three seeds through the real runner, HTTP
 * backend, completion cache and store, audited with deterministic models.
 * The statistics are derived by hand below and cross-checked with SciPy
 * 1.17 (`ttest_1samp`, `wilcoxon(zero_method='wilcox', correction=True)`,
 * `binomtest`).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { StudyReport } from '../../src/analysis/study-report.js';
import { buildStudyReport } from '../../src/study/build-study-report.js';
import type { TraceStore } from '../../src/spec/store.js';
import { openStore } from '../../src/store/open-store.js';
import { loadStudy } from '../../src/study/resolve-study.js';
import { runStudy, type StudyOutcome } from '../../src/study/run-study.js';
import { studyProgress } from '../../src/study/study-status.js';
import { fixedClock } from '../../src/util/clock.js';
import { FakeEmbeddingProvider, FakeNliProvider, hashedVector } from '../audit-runner/fake-audit-providers.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { startDesignedServer, writeDesignedQuestions, miniStudyYaml } from './designed-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-mini-study-'));
let server: FakeOpenAiServer;
let store: TraceStore;
let outcome: StudyOutcome;
let report: StudyReport;

const auditProviders = async () => ({ embedding: new FakeEmbeddingProvider({}, { id: 'wordvec', fallback: hashedVector }), nli: new FakeNliProvider({}, { id: 'heuristic' }) });

function near(actual: number | null | undefined, expected: number, tolerance = 1e-9, what = ''): void {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) <= tolerance, `${what}: expected ${expected}, got ${actual}`);
}

before(async () => {
  server = await startDesignedServer();
  writeDesignedQuestions(dir);
  writeFileSync(join(dir, 'study.yaml'), miniStudyYaml(server.url));
  store = await openStore(join(dir, 'mini.db'));
  const study = await loadStudy(join(dir, 'study.yaml'), process.env);
  let runs = 0;
  let audits = 0;
  outcome = await runStudy({ store, study, createAuditProviders: auditProviders, clock: fixedClock(Date.UTC(2026, 0, 1), 1000), newRunId: () => `run-mini-${++runs}`, newAuditId: () => `audit-mini-${++audits}` });
  report = await buildStudyReport(store, (await store.getStudy(outcome.studyId))!);
});

after(async () => {
  await store?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = (metric: string, treatment: string, control: string) => {
  const found = report.comparisons.find((entry) => entry.metric === metric && entry.treatment === treatment && entry.control === control);
  assert.ok(found, `no ${metric} row ${treatment} − ${control}`);
  return found;
};

describe('mini-study on designed outcomes', () => {
  it('runs the whole grid, audits it and marks the study done', async () => {
    assert.equal(outcome.status, 'done');
    assert.equal(outcome.note, null);
    assert.deepEqual(outcome.cells.map((cell) => [cell.cell.key, cell.executed]), [['ni|designed|fake', 12], ['du|designed|fake', 12], ['du-r2|designed|fake', 12]]);
    assert.equal(outcome.audit?.audited.length, 3);
    const progress = await studyProgress(store, (await store.getStudy(outcome.studyId))!);
    assert.deepEqual(progress.totals, { planned: 36, finished: 36, failed: 0, remaining: 0 });
    assert.equal(progress.etaMs, 0);
  });

  it('never pays for the same prompt and seed twice: du-r2 reuses du’s rounds 0–1 from the completion cache', () => {
    // ni 12 units × 3 agents; du 12 × 3 × 2 rounds; du-r2 only its round 2 (12 × 3) reaches the server.
    assert.equal(server.requests.length, 36 + 72 + 36);
    const distinct = new Set(server.requests.map((request) => JSON.stringify([request.body.messages, request.body.seed])));
    assert.equal(distinct.size, server.requests.length);
  });

  it('estimates each protocol per question (seeds averaged) with bootstrap CIs', () => {
    const [ni, du, duR2] = report.protocols;
    assert.deepEqual([ni!.protocol, du!.protocol, duR2!.protocol], ['ni', 'du', 'du-r2']);
    // ni is wrong on one seed of every question: 2/3 per question, so the CI has zero width.
    assert.deepEqual(ni!.estimates.accuracy, { mean: 2 / 3, low: 2 / 3, high: 2 / 3, n: 4 });
    assert.deepEqual(du!.estimates.accuracy, { mean: 1, low: 1, high: 1, n: 4 });
    near(ni!.estimates.agreement.mean, 0.25, 1e-12, 'ni agreement (3 of 12)');
    assert.equal(duR2!.estimates.agreement.mean, 1);
    assert.equal(ni!.estimates.cost_usd.mean, null, 'no price: cost is n/a, not 0');
    assert.equal(ni!.estimates.cf.mean, null, 'CF needs numeric answers');
    assert.ok(ni!.estimates.cara_hyb.mean !== null && ni!.audit?.matchesStudy === true);
    assert.equal(ni!.audit?.fallbackNote, "fallback models, not the paper's setup: DeBERTa-v3 NLI + Stella embeddings");
  });

  it('accuracy du − ni: 4 of 12 pairs differ, all in du’s favour', () => {
    const accuracy = row('accuracy', 'du', 'ni');
    assert.equal(accuracy.n, 12);
    near(accuracy.meanDifference, 1 / 3, 1e-12, 'Δ');
    near(accuracy.t, 2.3452078799117144, 1e-9, 't (scipy ttest_1samp)');
    assert.equal(accuracy.df, 11);
    near(accuracy.pT, 0.03881409182311233, 1e-9, 'p t');
    assert.equal(accuracy.wilcoxonV, 10, 'four tied ranks of 2.5');
    assert.equal(accuracy.wilcoxonMethod, 'normal');
    assert.equal(accuracy.zeros, 8);
    near(accuracy.pWilcoxon, 0.07186063822585158, 1e-9, 'p Wilcoxon: z = (10 − 5 − 0.5) / 2.5 = 1.8');
    near(accuracy.dz, 0.67700320038633, 1e-9, 'd_z');
    assert.deepEqual([accuracy.mcnemar?.b, accuracy.mcnemar?.c, accuracy.mcnemar?.method], [4, 0, 'exact']);
    near(accuracy.mcnemar?.p, 0.125, 1e-12, 'McNemar exact: binom.test(0, 4)');
  });

  it('agreement du − ni: 9 of 12 pairs differ', () => {
    const agreement = row('agreement', 'du', 'ni');
    near(agreement.t, 5.744562646538029, 1e-9, 't');
    near(agreement.pT, 0.00012940169548043978, 1e-12, 'p t');
    assert.equal(agreement.wilcoxonV, 45);
    near(agreement.pWilcoxon, 0.0033534364549463185, 1e-12, 'p Wilcoxon');
    near(agreement.dz, 1.6583123951777, 1e-9, 'd_z');
    near(agreement.mcnemar?.p, 0.00390625, 1e-15, 'binom.test(0, 9)');
  });

  it('adjusts p-values with Holm across the three comparisons of each metric', () => {
    // accuracy McNemar p: 0.125, 0.125, 1 → Holm 0.375, 0.375, 1.
    near(row('accuracy', 'du', 'ni').mcnemar?.pAdjusted, 0.375, 1e-12);
    near(row('accuracy', 'du-r2', 'ni').mcnemar?.pAdjusted, 0.375, 1e-12);
    near(row('accuracy', 'du-r2', 'du').mcnemar?.pAdjusted, 1, 1e-12);
    // agreement McNemar p: 0.00390625 twice → 3p and 2p, monotone: both 0.01171875.
    near(row('agreement', 'du', 'ni').mcnemar?.pAdjusted, 0.01171875, 1e-15);
    near(row('agreement', 'du-r2', 'ni').mcnemar?.pAdjusted, 0.01171875, 1e-15);
    // t p-values: the third comparison has no spread, so the family has two members.
    near(row('accuracy', 'du', 'ni').pTAdjusted, 2 * 0.03881409182311233, 1e-9);
  });

  it('reports undefined tests as such when two protocols never differ', () => {
    const same = row('accuracy', 'du-r2', 'du');
    assert.equal(same.meanDifference, 0);
    assert.equal(same.pT, null);
    assert.equal(same.pWilcoxon, null);
    assert.equal(same.dz, null);
    assert.deepEqual(same.notes, ['t test: all differences are zero', 'Wilcoxon: all differences are zero']);
    assert.equal(same.mcnemar?.p, 1);
  });

  it('compares only the metrics asked for, and says which have no values', () => {
    assert.deepEqual([...new Set(report.comparisons.map((entry) => entry.metric))], ['accuracy', 'agreement', 'cara_hyb', 'cr', 'tokens']);
    assert.equal(report.comparisons.length, 15);
  });

  it('re-running a finished study runs nothing, pays nothing and adds no audit', async () => {
    const before = server.requests.length;
    const study = await loadStudy(join(dir, 'study.yaml'), process.env);
    const again = await runStudy({ store, study, createAuditProviders: auditProviders });
    assert.equal(again.status, 'done');
    assert.deepEqual(again.cells.map((cell) => cell.executed), [0, 0, 0]);
    assert.equal(server.requests.length, before);
    assert.deepEqual(again.audit, { audited: [], current: again.cells.map((cell) => cell.runId) });
    for (const cell of again.cells) assert.equal((await store.listAudits(cell.runId)).length, 1);
  });
});
