/**
 * The viewer's JSON API through `app.request()` (no socket): every route,
 * pagination bounds, filters, sorting, 404s, bad parameters, the host
 * check and the security headers. The store is built by the fixtures
 * (a GDP run with an audit, a DeALOG run).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Hono } from 'hono';
import { runMetrics } from '../../src/metrics/run-metrics.js';
import type { AuditQuestionRecord, AuditRecord } from '../../src/spec/audit-result.js';
import type { TraceEvent } from '../../src/spec/trace.js';
import type { Page, RunDetail, RunHeader, RunListItem, RunMetricsPage, StudyDetail, StudyListItem, UnitAuditDetail, UnitDetail, UnitPage } from '../../src/web/server/api-types.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import { buildViewerDb, HOSTILE_QUESTION_ID, SHOWCASE_QUESTION_ID, type ViewerDb } from './fixtures/viewer-db.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-web-api-'));
let db: ViewerDb;
let app: Hono;

before(async () => {
  db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'fake' });
  app = createViewerApp({ store: db.store, uiDir: null, env: {} });
});
after(async () => {
  await db.store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function getJson<T>(path: string, status = 200): Promise<T> {
  const response = await app.request(path);
  const body = await response.text();
  assert.equal(response.status, status, `${path}: ${body}`);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  return JSON.parse(body) as T;
}

async function expectError(path: string, status: number, code: string, message?: RegExp): Promise<void> {
  const body = await getJson<{ error: { code: string; message: string; hint?: string } }>(path, status);
  assert.equal(body.error.code, code, body.error.message);
  if (message !== undefined) assert.match(body.error.message, message);
}

const units = (query = '') => getJson<UnitPage>(`/api/runs/${db.gdpRunId}/units${query === '' ? '' : `?${query}`}`);

describe('GET /api/health', () => {
  it('answers with the version', async () => {
    const health = await getJson<{ ok: boolean; version: string }>('/api/health');
    assert.equal(health.ok, true);
    assert.match(health.version, /^\d+\.\d+\.\d+/);
  });
});

describe('GET /api/runs', () => {
  it('lists runs newest first with headline metrics computed from the stored summaries', async () => {
    const page = await getJson<Page<RunListItem>>('/api/runs');
    assert.equal(page.total, 2);
    assert.deepEqual(
      page.items.map((run) => run.id),
      [db.dealogRunId, db.gdpRunId],
    );
    const gdp = page.items[1]!;
    const expected = runMetrics(await db.store.listUnits(db.gdpRunId));
    assert.equal(gdp.metrics.accuracy, expected.accuracy);
    assert.equal(gdp.metrics.agreement, expected.agreement);
    assert.deepEqual(gdp.metrics.tokens, expected.tokens);
    assert.equal(gdp.metrics.costUsd, expected.costUsd);
    assert.deepEqual(gdp.units, { pending: 2, done: 13, failed: 1, total: 16 });
    assert.deepEqual(gdp.agents, ['Agent A', 'Agent B', 'Agent C']);
    assert.equal(gdp.judge, 'Judge');
    assert.equal(gdp.audits, 1);
    assert.equal(page.items[0]!.audits, 0);
  });

  it('pages: limit and offset, an offset past the end gives no items but the total', async () => {
    const first = await getJson<Page<RunListItem>>('/api/runs?limit=1');
    assert.deepEqual([first.total, first.offset, first.limit, first.items.length], [2, 0, 1, 1]);
    const second = await getJson<Page<RunListItem>>('/api/runs?limit=1&offset=1');
    assert.equal(second.items[0]!.id, db.gdpRunId);
    const past = await getJson<Page<RunListItem>>('/api/runs?offset=50');
    assert.deepEqual([past.total, past.items.length], [2, 0]);
  });

  it('refuses unbounded or malformed paging and unknown parameters with a 400 naming them', async () => {
    await expectError('/api/runs?limit=0', 400, 'BAD_PARAMETER', /"limit"/);
    await expectError('/api/runs?limit=201', 400, 'BAD_PARAMETER', /"limit"/);
    await expectError('/api/runs?limit=abc', 400, 'BAD_PARAMETER', /"limit"/);
    await expectError('/api/runs?offset=-1', 400, 'BAD_PARAMETER', /"offset"/);
    await expectError('/api/runs?offset=1.5', 400, 'BAD_PARAMETER', /"offset"/);
    await expectError('/api/runs?page=2', 400, 'BAD_PARAMETER', /unknown query parameter "page"/);
  });
});

describe('GET /api/runs/:runId', () => {
  it('returns the configuration with question ids as a count, the metrics, audits, protocols and seeds', async () => {
    const run = await getJson<RunDetail>(`/api/runs/${db.gdpRunId}`);
    assert.equal(run.config.dataset.questionCount, 16);
    assert.equal('questionIds' in run.config.dataset, false);
    assert.equal(run.config.protocol.params['judgeEachRound'], true);
    assert.deepEqual(run.units, { pending: 2, done: 13, failed: 1, total: 16 });
    assert.equal(run.metrics.units, 16);
    assert.equal(run.audits.length, 1);
    assert.equal(run.audits[0]!.id, db.auditId);
    assert.equal(run.audits[0]!.summary.overall.units, 14);
    assert.deepEqual(run.protocols, ['gdp']);
    assert.deepEqual(run.seeds, [1]);
  });

  it('splits into /header and /metrics for the run page, which together are the whole run', async () => {
    // The run page shows the header and first rows before the metrics; nothing may differ from the one-request answer.
    const { metrics, ...header } = await getJson<RunDetail>(`/api/runs/${db.gdpRunId}`);
    assert.deepEqual(await getJson<RunHeader>(`/api/runs/${db.gdpRunId}/header`), header);
    assert.deepEqual(await getJson<RunMetricsPage>(`/api/runs/${db.gdpRunId}/metrics`), { metrics });
    assert.equal((await app.request(`/api/runs/nope/header`)).status, 404);
    assert.equal((await app.request(`/api/runs/${db.gdpRunId}/metrics?x=1`)).status, 400);
  });

  it('404s an unknown run and 400s parameters it does not take', async () => {
    await expectError('/api/runs/no-such-run', 404, 'NOT_FOUND', /no run "no-such-run"/);
    await expectError(`/api/runs/${db.gdpRunId}?limit=3`, 400, 'BAD_PARAMETER');
  });
});

describe('GET /api/runs/:runId/units', () => {
  it('pages rows in plan order, joined with the newest audit, with outcome counts', async () => {
    const page = await units();
    assert.deepEqual([page.total, page.offset, page.limit, page.items.length], [16, 0, 100, 16]);
    assert.equal(page.items[0]!.questionId, SHOWCASE_QUESTION_ID);
    assert.equal(page.auditId, db.auditId);
    assert.deepEqual(page.outcomes, { correct: 9, wrong: 3, unparsed: 1, failed: 1, pending: 2, ungraded: 0 });
    const showcase = page.items[0]!;
    assert.equal(showcase.outcome, 'correct');
    assert.equal(showcase.roundsRun, 3);
    assert.equal(showcase.audit?.eligible, true);
    assert.equal(typeof showcase.audit?.caraHyb, 'number');
    const pending = page.items.filter((row) => row.outcome === 'pending');
    assert.deepEqual(
      pending.map((row) => [row.status, row.audit, row.tokens]),
      [
        ['pending', null, null],
        ['pending', null, null],
      ],
    );

    const window = await units('offset=5&limit=5');
    assert.deepEqual(
      window.items.map((row) => row.id),
      page.items.slice(5, 10).map((row) => row.id),
    );
    const past = await units('offset=100');
    assert.deepEqual([past.total, past.items.length], [16, 0]);
  });

  it('filters by outcome (one or several), question id text, protocol and seed', async () => {
    for (const outcome of ['correct', 'wrong', 'unparsed', 'failed', 'pending'] as const) {
      const page = await units(`outcome=${outcome}`);
      assert.equal(page.total, page.outcomes[outcome], outcome);
      assert.ok(page.items.every((row) => row.outcome === outcome));
    }
    assert.deepEqual((await units('outcome=failed')).items.map((row) => row.id), db.unitsByOutcome.failed);
    const mixed = await units('outcome=wrong,unparsed');
    assert.equal(mixed.total, 4);
    assert.equal((await units('q=PENDING')).total, 2, 'search ignores case');
    assert.equal((await units('q=0042')).items[0]!.id, db.showcaseUnitId);
    assert.equal((await units('q=nothing-like-this')).total, 0);
    assert.equal((await units('protocol=gdp&seed=1')).total, 16);
    assert.equal((await units('seed=2')).total, 0);
    assert.equal((await units('outcome=correct&q=0042')).total, 1, 'filters combine with AND');
  });

  it('filters on the audit: eligible, failure mode, low CARA, CARA below a value', async () => {
    const all = (await units('limit=500')).items;
    const eligible = await units('eligible=true');
    assert.equal(eligible.total, all.filter((row) => row.audit?.eligible === true).length);
    assert.ok(eligible.total > 0);
    const notEligible = await units('eligible=false');
    assert.ok(notEligible.items.every((row) => row.audit !== null && !row.audit.eligible));
    const low = await units('lowCara=true');
    assert.equal(low.total, all.filter((row) => row.audit?.lowCara === true).length);
    const modes = all.map((row) => row.audit?.failureMode).filter((mode): mode is NonNullable<typeof mode> => mode != null);
    assert.ok(modes.length > 0, 'the fixture has labelled units');
    const mode = modes[0]!;
    const labelled = await units(`failureMode=${mode}`);
    assert.equal(labelled.total, modes.filter((candidate) => candidate === mode).length);
    const unlabelled = await units('failureMode=none');
    assert.equal(unlabelled.total, all.filter((row) => row.audit !== null && row.audit.failureMode === null).length);
    const below = await units('caraBelow=0.5');
    assert.ok(below.items.every((row) => row.audit!.caraHyb! < 0.5));
  });

  it('selects an audit by id, or none; audit filters without an audit are a 400', async () => {
    assert.equal((await units(`audit=${db.auditId}`)).auditId, db.auditId);
    const none = await units('audit=none');
    assert.equal(none.auditId, null);
    assert.ok(none.items.every((row) => row.audit === null));
    await expectError(`/api/runs/${db.gdpRunId}/units?audit=none&lowCara=true`, 400, 'NEEDS_AUDIT');
    await expectError(`/api/runs/${db.dealogRunId}/units?eligible=true`, 400, 'NEEDS_AUDIT', /need an audit/);
    await expectError(`/api/runs/${db.gdpRunId}/units?audit=audit-nope`, 404, 'NOT_FOUND', /no audit "audit-nope"/);
  });

  it('sorts by a column either way, missing values last', async () => {
    const byTokens = (await units('sort=-tokens')).items;
    const tokens = byTokens.map((row) => row.tokens);
    const present = tokens.filter((value): value is number => value !== null);
    assert.deepEqual(present, [...present].sort((a, b) => b - a));
    assert.deepEqual(tokens.slice(present.length), [null, null], 'pending units (no tokens) come last');
    const byCara = (await units('sort=caraHyb')).items.map((row) => row.audit?.caraHyb ?? null);
    const scored = byCara.filter((value): value is number => value !== null);
    assert.deepEqual(scored, [...scored].sort((a, b) => a - b));
    assert.ok(byCara.slice(scored.length).every((value) => value === null));
    const reversed = (await units('sort=-position')).items.map((row) => row.id);
    assert.deepEqual(reversed, (await units()).items.map((row) => row.id).reverse());
    assert.equal((await units('sort=questionId')).items[0]!.questionId, 'medqa-0042');
  });

  it('refuses bad filters and paging', async () => {
    await expectError(`/api/runs/${db.gdpRunId}/units?outcome=great`, 400, 'BAD_PARAMETER', /"outcome"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?outcome=`, 400, 'BAD_PARAMETER', /"outcome"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?failureMode=FM9`, 400, 'BAD_PARAMETER', /"failureMode"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?lowCara=yes`, 400, 'BAD_PARAMETER', /"lowCara"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?caraBelow=2`, 400, 'BAD_PARAMETER', /"caraBelow"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?sort=cost`, 400, 'BAD_PARAMETER', /"sort"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?limit=501`, 400, 'BAD_PARAMETER', /"limit"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?q=${'x'.repeat(201)}`, 400, 'BAD_PARAMETER', /"q"/);
    await expectError(`/api/runs/${db.gdpRunId}/units?status=done`, 400, 'BAD_PARAMETER', /unknown query parameter "status"/);
    await expectError('/api/runs/no-such-run/units', 404, 'NOT_FOUND');
  });

  it('sees units that finish after the first request (the index follows the store)', async () => {
    const before = await units('outcome=pending');
    assert.equal(before.total, 2);
    const [unitId] = db.unitsByOutcome.pending;
    const events = await db.store.getEvents(db.showcaseUnitId);
    const summary = (await db.store.getUnit(db.showcaseUnitId))!.summary!;
    await db.store.completeUnit(unitId!, { status: 'done', events, summary, finishedAt: '2026-03-05T00:00:00.000Z' });
    const afterwards = await units('outcome=pending');
    assert.equal(afterwards.total, 1);
    assert.equal(afterwards.outcomes.correct, before.outcomes.correct + 1);
    const run = await getJson<RunDetail>(`/api/runs/${db.gdpRunId}`);
    assert.equal(run.units.pending, 1);
    const row = (await units(`q=medqa-pending-0`)).items[0]!;
    assert.equal(row.audit, null, 'finished after the audit: no scores');
  });
});

describe('GET /api/units/:unitId and its events', () => {
  it('returns the unit, its run header and audits, and the trace page by page', async () => {
    const detail = await getJson<UnitDetail>(`/api/units/${db.showcaseUnitId}`);
    assert.equal(detail.unit.questionId, SHOWCASE_QUESTION_ID);
    assert.equal(detail.run.id, db.gdpRunId);
    assert.equal(detail.run.format, 'gdp');
    assert.equal(detail.run.judge?.name, 'Judge');
    assert.deepEqual(detail.audits.map((audit) => audit.id), [db.auditId]);
    const stored = await db.store.getEvents(db.showcaseUnitId);
    assert.equal(detail.eventCount, stored.length);
    const all = await getJson<Page<TraceEvent>>(`/api/units/${db.showcaseUnitId}/events`);
    assert.deepEqual(all.items, stored);
    const slice = await getJson<Page<TraceEvent>>(`/api/units/${db.showcaseUnitId}/events?offset=3&limit=4`);
    assert.deepEqual([slice.total, slice.items.length], [stored.length, 4]);
    assert.deepEqual(slice.items.map((event) => event.seq), [3, 4, 5, 6]);
  });

  it('returns log-entry events of a DeALOG unit with their meta', async () => {
    const events = await getJson<Page<TraceEvent>>(`/api/units/${db.dealogUnitId}/events`);
    const lookup = events.items.find((event) => event.type === 'log-entry');
    assert.equal(lookup?.type === 'log-entry' && lookup.entryType, 'LOOKUP');
    assert.equal(lookup?.type === 'log-entry' && lookup.meta['column'], '2019');
  });

  it('gives a pending unit no events, and 404s and 400s what it should', async () => {
    const pending = db.unitsByOutcome.pending[1]!;
    assert.equal((await getJson<Page<TraceEvent>>(`/api/units/${pending}/events`)).total, 0);
    await expectError('/api/units/u_00000000000000000000', 404, 'NOT_FOUND', /no unit/);
    await expectError('/api/units/u_00000000000000000000/events', 404, 'NOT_FOUND');
    await expectError(`/api/units/${db.showcaseUnitId}/events?limit=1001`, 400, 'BAD_PARAMETER');
    await expectError(`/api/units/${db.showcaseUnitId}?verbose=1`, 400, 'BAD_PARAMETER');
  });
});

describe('GET /api/units/:unitId/audit', () => {
  it("returns the unit's result in the newest audit, with the alignment details the heatmap draws", async () => {
    const result = await getJson<UnitAuditDetail>(`/api/units/${db.showcaseUnitId}/audit`);
    assert.equal(result.audit.id, db.auditId);
    assert.equal(result.audit.tau, 0.5);
    assert.equal(result.question.unitId, db.showcaseUnitId);
    assert.deepEqual(result.question.agreementSet, ['Agent A', 'Agent B', 'Agent C']);
    const pair = result.question.details.pairs[0]!;
    assert.equal(pair.cosine.length, result.question.details.agents.find((agent) => agent.name === pair.a)!.steps.length);
    const named = await getJson<UnitAuditDetail>(`/api/units/${db.showcaseUnitId}/audit?audit=${db.auditId}`);
    assert.deepEqual(named, result);
  });

  it('404s a unit outside the audit, a run without audits and an unknown audit', async () => {
    await expectError(`/api/units/${db.unitsByOutcome.pending[1]!}/audit`, 404, 'NOT_FOUND', /is not in audit/);
    await expectError(`/api/units/${db.dealogUnitId}/audit`, 404, 'NOT_FOUND', /has no audit/);
    await expectError(`/api/units/${db.showcaseUnitId}/audit?audit=audit-nope`, 404, 'NOT_FOUND');
    await expectError(`/api/units/${db.showcaseUnitId}/audit?pair=1`, 400, 'BAD_PARAMETER');
  });
});

describe('GET /api/audits/:auditId', () => {
  it('returns the audit and pages its per-unit results', async () => {
    const audit = await getJson<AuditRecord>(`/api/audits/${db.auditId}`);
    assert.equal(audit.runId, db.gdpRunId);
    const page = await getJson<Page<AuditQuestionRecord>>(`/api/audits/${db.auditId}/questions?limit=5`);
    assert.deepEqual([page.total, page.limit, page.items.length], [14, 5, 5]);
    const next = await getJson<Page<AuditQuestionRecord>>(`/api/audits/${db.auditId}/questions?limit=5&offset=5`);
    assert.notEqual(next.items[0]!.unitId, page.items[0]!.unitId);
    assert.equal((await getJson<Page<AuditQuestionRecord>>(`/api/audits/${db.auditId}/questions`)).limit, 20);
  });

  it('404s an unknown audit and caps pages at 100 results', async () => {
    await expectError('/api/audits/audit-nope', 404, 'NOT_FOUND');
    await expectError('/api/audits/audit-nope/questions', 404, 'NOT_FOUND');
    await expectError(`/api/audits/${db.auditId}/questions?limit=101`, 400, 'BAD_PARAMETER');
  });
});

describe('GET /api/studies', () => {
  it('lists studies with their number of runs', async () => {
    const page = await getJson<Page<StudyListItem>>('/api/studies');
    assert.equal(page.total, 1);
    assert.deepEqual([page.items[0]!.id, page.items[0]!.runs, page.items[0]!.status], [db.studyId, 2, 'done']);
    await expectError('/api/studies?limit=201', 400, 'BAD_PARAMETER');
  });

  it('returns a study with its cells, each with the run and its headline metrics', async () => {
    const detail = await getJson<StudyDetail>(`/api/studies/${db.studyId}`);
    assert.deepEqual(
      detail.cells.items.map((cell) => [cell.protocol, cell.dataset, cell.setup, cell.runId]),
      [
        ['gdp', 'medqa', 'default', db.gdpRunId],
        ['dealog', 'finqa', 'default', db.dealogRunId],
      ],
    );
    assert.equal(detail.cells.items[0]!.run?.metrics.accuracy, (await getJson<RunDetail>(`/api/runs/${db.gdpRunId}`)).metrics.accuracy);
    const ids = (detail.study.config as { questionIds: string[] }).questionIds;
    assert.equal(ids.length, 16, 'short lists are kept whole');
    const paged = await getJson<StudyDetail>(`/api/studies/${db.studyId}?limit=1&offset=1`);
    assert.deepEqual([paged.cells.total, paged.cells.items.length, paged.cells.items[0]!.runId], [2, 1, db.dealogRunId]);
    await expectError('/api/studies/no-such-study', 404, 'NOT_FOUND', /no study/);
  });

  it('says why a study whose stored configuration has no grid has no report (reports: study-report-api.test.ts)', async () => {
    await expectError(`/api/studies/${db.studyId}/report`, 404, 'NO_REPORT', /has no report: its stored configuration has no grid of cells/);
    await expectError(`/api/studies/${db.studyId}/pairs?treatment=gdp&control=dealog&dataset=medqa&setup=default`, 404, 'NO_REPORT');
  });
});

describe('routing, methods and headers', () => {
  it('answers unknown API paths with JSON 404s, never with the UI page', async () => {
    await expectError('/api/nothing', 404, 'NOT_FOUND', /no API route/);
    await expectError('/api/runs/x/y/z', 404, 'NOT_FOUND');
  });

  it('is read-only: other methods are refused', async () => {
    const response = await app.request(`/api/runs/${db.gdpRunId}`, { method: 'DELETE' });
    assert.equal(response.status, 405);
    assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'METHOD_NOT_ALLOWED');
    assert.equal((await app.request('/', { method: 'POST' })).status, 405);
  });

  it('sends a strict Content-Security-Policy and no-sniff on every response', async () => {
    for (const path of ['/api/runs', '/api/nothing', '/']) {
      const response = await app.request(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.match(csp, /script-src 'self'/, path);
      assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/, path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    }
    assert.equal((await app.request('/api/runs')).headers.get('cache-control'), 'no-store');
  });

  it('refuses requests for other host names (DNS rebinding) unless told to allow any', async () => {
    const rebound = await app.request('http://attacker.example/api/runs');
    assert.equal(rebound.status, 403);
    assert.equal((await app.request('http://127.0.0.1:8470/api/runs')).status, 200);
    assert.equal((await app.request('http://[::1]:8470/api/runs')).status, 200);
    const open = createViewerApp({ store: db.store, uiDir: null, env: {}, allowedHosts: null });
    assert.equal((await open.request('http://attacker.example/api/runs')).status, 200);
  });

  it('says the UI is not built when it is not, and the API still works', async () => {
    const page = await app.request('/runs/x');
    assert.equal(page.status, 503);
    assert.match(await page.text(), /npm run build/);
  });

  it('turns store failures into a JSON 500 with the store message', async () => {
    const broken = await buildViewerDb(join(dir, 'broken.db'), { audit: 'none', units: 1, pending: 0, hostile: false });
    const brokenApp = createViewerApp({ store: broken.store, uiDir: null, env: {}, log: () => undefined });
    await broken.store.close();
    const body = (await (await brokenApp.request('/api/runs')).json()) as { error: { code: string; message: string } };
    assert.equal(body.error.code, 'STORE');
    assert.match(body.error.message, /closed/);
  });

  it('answers with the hostile question id as data (escaping is the UI’s job, see browser.test.ts)', async () => {
    const page = await units('q=xss-');
    assert.equal(page.items[0]!.questionId, HOSTILE_QUESTION_ID);
  });
});
