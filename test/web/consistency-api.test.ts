/**
 * The run-level consistency views of the API through `app.request()`:
 * full-text search over question, answers and rationales, question text
 * in rows, the agreement filters, the quadrant's points and the CSV of the
 * table. Expected values come from the fixtures' own texts and from the
 * stored summaries and audit results read straight from the store.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Hono } from 'hono';
import type { AuditQuestionRecord } from '../../src/spec/audit-result.js';
import type { ConsistencyPage, UnitPage } from '../../src/web/server/api-types.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import { summarizeUnit } from '../../src/metrics/summarize-unit.js';
import type { RunComparison } from '../../src/web/server/api-types.js';
import { GDP_AGENTS, generatedEvents, SHOWCASE_QUESTION } from './fixtures/gdp-unit.js';
import { buildViewerDb, type ViewerDb } from './fixtures/viewer-db.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-web-consistency-'));
let db: ViewerDb;
let app: Hono;
let auditQuestions: AuditQuestionRecord[];

before(async () => {
  db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'fake' });
  app = createViewerApp({ store: db.store, uiDir: null, env: {} });
  auditQuestions = await db.store.listAuditQuestions(db.auditId!, { limit: 1000 });
});
after(async () => {
  await db.store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, status = 200): Promise<Response> {
  const response = await app.request(path);
  assert.equal(response.status, status, `${path}: ${await response.clone().text()}`);
  return response;
}
const units = async (query: string) => (await (await get(`/api/runs/${db.gdpRunId}/units?${query}`)).json()) as UnitPage;
const ids = (page: UnitPage) => page.items.map((row) => row.id).sort();

describe('text index, read only when needed', () => {
  it('reads the events of the rows shown, and of every finished unit only at the first full-text search', async () => {
    // A fresh app: its text index is empty. 12 generated units, some pending (see the fixture).
    const fresh = createViewerApp({ store: db.store, uiDir: null, env: {} });
    const json = async <T>(path: string) => {
      const response = await fresh.request(path);
      assert.equal(response.status, 200, path);
      return (await response.json()) as T;
    };
    const finished = (await db.store.listUnits(db.gdpRunId)).filter((unit) => unit.status !== 'pending').length;
    assert.deepEqual(await json(`/api/runs/${db.gdpRunId}/text-index`), { indexed: 0, total: 0 }, 'opening the app reads nothing');
    const first = await json<UnitPage>(`/api/runs/${db.gdpRunId}/units?sort=position&limit=2`);
    const shownFinished = first.items.filter((row) => row.status !== 'pending').length;
    assert.ok(shownFinished > 0, 'the first rows include finished units');
    assert.equal(first.textIndex.total, shownFinished, 'only the rows shown are queued for reading');
    // The rows are answered at once; asked again once read, they carry their question text.
    let again = first;
    for (let tries = 0; again.textIndex.indexed < again.textIndex.total && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await json<UnitPage>(`/api/runs/${db.gdpRunId}/units?sort=position&limit=2`);
    }
    assert.deepEqual(again.textIndex, { indexed: shownFinished, total: shownFinished }, 'only the rows shown were read');
    assert.ok(again.items.filter((row) => row.status !== 'pending').every((row) => row.questionText !== null), 'the rows shown carry their question text');
    await json<ConsistencyPage>(`/api/runs/${db.gdpRunId}/consistency`);
    assert.deepEqual(await json(`/api/runs/${db.gdpRunId}/text-index`), { indexed: shownFinished, total: shownFinished }, 'the quadrant reads no text');
    await json<UnitPage>(`/api/runs/${db.gdpRunId}/units?text=scurvy&limit=1`);
    assert.deepEqual(await json(`/api/runs/${db.gdpRunId}/text-index`), { indexed: finished, total: finished }, 'a full-text search reads every finished unit');
  });
});

describe('full-text search (text=)', () => {
  it('finds a question by a word of its text, of a rationale step, or of its id, case- and accent-insensitively', async () => {
    assert.deepEqual(ids(await units('text=bradycardia')), [db.showcaseUnitId], 'a word of the showcase question only');
    assert.deepEqual(ids(await units('text=TRANSCUTANEOUS')), [db.showcaseUnitId], 'a word of one of its GDP steps');
    assert.deepEqual(ids(await units('text=m%C3%A9dqa-0042')), [db.showcaseUnitId], 'the question id, é folded to e');
    // Generated questions read "Question <i> about scurvy"; TOPICS[1] is scurvy, so units 1 and 9 of the 12.
    assert.equal((await units('text=scurvy')).total, 2);
    assert.equal((await units('text=scurvy%20bradycardia')).total, 0, 'all words must occur');
    assert.equal((await units('text=rifampin')).total, 0);
  });

  it('shows each finished row its question text and |S(q)|, not only ids', async () => {
    const page = await units('limit=500');
    const showcase = page.items.find((row) => row.id === db.showcaseUnitId)!;
    // The first turn's prompt is the question, a blank line, then "You are Agent A.": the question is its first paragraph, whitespace collapsed.
    assert.equal(showcase.questionText, SHOWCASE_QUESTION.replace(/\s+/g, ' '));
    const audited = auditQuestions.find((question) => question.unitId === db.showcaseUnitId)!;
    assert.equal(showcase.agreementSize, audited.agreementSet.length);
    assert.equal(showcase.agents, GDP_AGENTS.length);
    for (const pending of db.unitsByOutcome.pending) assert.equal(page.items.find((row) => row.id === pending)!.questionText, null);
    assert.deepEqual(page.textIndex, { indexed: page.total - db.unitsByOutcome.pending.length, total: page.total - db.unitsByOutcome.pending.length });
  });
});

describe('agreement filters', () => {
  it('unanimous and split follow the stored summaries; contradicting is |S| ≥ 2 with a contradiction rate above 0', async () => {
    // The fixtures' audits flag no contradiction, so a second audit is stored here with hand-set rates:
    // the showcase (|S| = 3) at 0.5 and a unit outside any agreement set (|S| = 0) at 0.5, which must not count.
    const audit = (await db.store.getAudit(db.auditId!))!;
    const outside = auditQuestions.find((question) => question.agreementSet.length === 0)!;
    const handSet = { ...audit, id: 'audit-hand-set-cr', createdAt: '2020-01-01T00:00:00.000Z' };
    await db.store.saveAudit(
      handSet,
      auditQuestions.map((question) => ({ ...question, auditId: handSet.id, contradictionRate: question.unitId === db.showcaseUnitId || question.unitId === outside.unitId ? 0.5 : question.contradictionRate })),
    );
    assert.deepEqual(ids(await units(`agreement=contradicting&audit=${handSet.id}`)), [db.showcaseUnitId]);
    const stored = await db.store.listUnits(db.gdpRunId);
    const expectUnanimous = stored.filter((unit) => unit.status === 'done' && unit.summary?.unanimous === true).map((unit) => unit.id).sort();
    const expectSplit = stored.filter((unit) => unit.status === 'done' && unit.summary?.unanimous === false).map((unit) => unit.id).sort();
    assert.deepEqual(ids(await units('agreement=unanimous&limit=500')), expectUnanimous);
    assert.deepEqual(ids(await units('agreement=split&limit=500')), expectSplit);
    assert.equal((await units(`agreement=contradicting&audit=${db.auditId}`)).total, 0, 'the fixture audit flags none');
  });

  it('refuses contradicting without an audit, and unknown values', async () => {
    await get(`/api/runs/${db.gdpRunId}/units?agreement=contradicting&audit=none`, 400);
    await get(`/api/runs/${db.gdpRunId}/units?agreement=maybe`, 400);
  });
});

describe('GET /api/runs/:runId/consistency', () => {
  it('gives one point per audited unit: agreement = |S(q)| / agents, CARA-HYB, SIM and CR from the audit', async () => {
    const page = (await (await get(`/api/runs/${db.gdpRunId}/consistency`)).json()) as ConsistencyPage;
    assert.equal(page.auditId, db.auditId);
    assert.equal(page.points.length, auditQuestions.length);
    const total = (await units('')).total;
    assert.equal(page.notAudited, total - auditQuestions.length);
    for (const question of auditQuestions) {
      const point = page.points.find((candidate) => candidate.unitId === question.unitId)!;
      assert.equal(point.agreement, question.agreementSet.length / GDP_AGENTS.length);
      assert.equal(point.caraHyb, question.caraHyb);
      assert.equal(point.sim, question.sim);
      assert.equal(point.contradictionRate, question.contradictionRate);
      assert.equal(point.eligible, question.eligible);
    }
  });

  it('applies the table filters and says a run without an audit has no quadrant', async () => {
    const page = (await (await get(`/api/runs/${db.gdpRunId}/consistency?text=bradycardia`)).json()) as ConsistencyPage;
    assert.deepEqual(page.points.map((point) => point.unitId), [db.showcaseUnitId]);
    const body = (await (await get(`/api/runs/${db.dealogRunId}/consistency`, 404)).json()) as { error: { code: string } };
    assert.equal(body.error.code, 'NEEDS_AUDIT');
  });
});

describe('GET /api/runs/:runId/units.csv', () => {
  it('exports the filtered, sorted table as RFC 4180 CSV with the question text', async () => {
    const response = await get(`/api/runs/${db.gdpRunId}/units.csv?sort=questionId`);
    assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
    assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="run-gdp-demo-units.csv"/);
    const text = await response.text();
    const lines = text.trimEnd().split('\r\n');
    assert.equal(lines[0]!.split(',').slice(0, 4).join(','), 'unit_id,question_id,question,protocol');
    const showcase = lines.find((line) => line.startsWith(`${db.showcaseUnitId},`))!;
    assert.ok(showcase.startsWith(`${db.showcaseUnitId},medqa-0042,${SHOWCASE_QUESTION.replace(/\s+/g, ' ')},gdp,`), showcase);
    const page = await units('');
    assert.equal(lines.length - 1, page.total);
    const filtered = await get(`/api/runs/${db.gdpRunId}/units.csv?outcome=wrong`);
    assert.equal((await filtered.text()).trimEnd().split('\r\n').length - 1, (await units('outcome=wrong')).total);
  });
});

describe('GET /api/runs/:runId/compare/:otherId', () => {
  it('pairs units by (question, seed) and compares every shared metric with the study statistics', async () => {
    // Run B answers three of run A's questions: the showcase (A correct) wrong, generated units 0 and 1 (A: correct, correct) correct.
    const base = (await db.store.getRun(db.gdpRunId))!;
    const unitsA = await db.store.listUnits(db.gdpRunId);
    const chosen = [unitsA.find((unit) => unit.id === db.showcaseUnitId)!, unitsA[1]!, unitsA[2]!];
    await db.store.createRun({ ...base, id: 'run-compare-b', createdAt: '2026-03-05T08:00:00.000Z' });
    const idsB = await db.store.addUnits('run-compare-b', chosen.map((unit) => ({ questionId: unit.questionId, protocol: unit.protocol, seed: unit.seed })));
    const outcomes = ['wrong', 'correct', 'correct'] as const;
    for (const [index, unitId] of idsB.entries()) {
      const events = generatedEvents({ index, outcome: outcomes[index]! });
      await db.store.completeUnit(unitId, { status: 'done', events, summary: summarizeUnit(events), finishedAt: '2026-03-05T09:00:00.000Z' });
    }
    const response = await get(`/api/runs/${db.gdpRunId}/compare/run-compare-b`);
    const comparison = (await response.json()) as RunComparison;
    assert.deepEqual(comparison.pairs.map((pair) => pair.questionId).sort(), chosen.map((unit) => unit.questionId).sort());
    const accuracy = comparison.metrics.find((metric) => metric.metric === 'accuracy')!.comparison;
    const accuracyA = chosen.map((unit) => (unit.summary!.correct ? 1 : 0));
    assert.equal(accuracy.n, 3);
    // By hand: A's three are correct (1, 1, 1) per the fixtures; B's are 0, 1, 1: mean difference 1/3, one discordant pair.
    assert.deepEqual(accuracyA, [1, 1, 1]);
    assert.equal(accuracy.meanA, 1);
    assert.ok(Math.abs(accuracy.meanB! - 2 / 3) < 1e-12);
    assert.ok(Math.abs(accuracy.meanDifference! - 1 / 3) < 1e-12);
    assert.deepEqual([accuracy.mcnemar?.b, accuracy.mcnemar?.c], [1, 0]);
    assert.ok(comparison.metrics.some((metric) => metric.metric === 'tokens'));
    assert.equal(comparison.b.auditId, null, 'run B has no audit: CARA metrics are absent, not zero');
    assert.ok(!comparison.metrics.some((metric) => metric.metric === 'cara_hyb'));
    await get(`/api/runs/${db.gdpRunId}/compare/no-such-run`, 404);
  });
});
