/**
 * The study report in the viewer's API (`app.request()`): the report's
 * tables and charts, chart SVGs, and paired per-question differences with
 * both units of every pair. The study is the designed mini-study, so the
 * pairs are known: `du` right on every unit, `ni` wrong on the 4 hard ones.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Hono } from 'hono';
import type { TraceStore } from '../../src/spec/store.js';
import { openStore } from '../../src/store/open-store.js';
import type { StudyPairsPage, StudyReportView, UnitDetail } from '../../src/web/server/api-types.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import { addDesignedStudy, type DesignedStudy } from './fixtures/designed-study.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-web-study-'));
let store: TraceStore;
let study: DesignedStudy;
let app: Hono;

before(async () => {
  store = await openStore(join(dir, 'viewer.db'));
  study = await addDesignedStudy(store, dir);
  app = createViewerApp({ store, uiDir: null, env: {} });
});
after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, status = 200): Promise<Response> {
  const response = await app.request(path);
  assert.equal(response.status, status, `${path}: ${status === response.status ? '' : await response.clone().text()}`);
  return response;
}
const getJson = async <T>(path: string, status = 200): Promise<T> => (await (await get(path, status)).json()) as T;
const pairsPath = (query: Record<string, string>) => `/api/studies/${study.studyId}/pairs?${new URLSearchParams({ dataset: 'designed', setup: 'fake', ...query })}`;

describe('GET /api/studies/:id/report', () => {
  it('returns the report tables as text and the comparisons the study makes', async () => {
    const report = await getJson<StudyReportView>(`/api/studies/${study.studyId}/report`);
    // The deterministic audit models carry the ids of the offline fallbacks, and the report says so.
    assert.deepEqual(report.warnings, [
      "CARA figures use fallback models, not the paper's setup: DeBERTa-v3 NLI + Stella embeddings",
      'CARA-HYB, CR, CARA-GT and the failure modes read the contradiction flags of a fallback NLI (heuristic): they carry its label and are never starred as significant',
    ]);
    assert.equal(report.pairing, 'question-seed');
    const outcomes = report.tables.find((table) => table.id.startsWith('protocols'));
    assert.ok(outcomes, `a protocol table among ${report.tables.map((table) => table.id).join(', ')}`);
    assert.deepEqual(
      outcomes.cells.map((row) => row[0]),
      ['ni', 'du', 'du-r2'],
    );
    const comparisons = report.tables.find((table) => table.id === 'comparisons');
    assert.ok(comparisons !== undefined && comparisons.cells.length > 0, 'the paired comparisons table');
    assert.deepEqual(
      report.comparisons.map((comparison) => `${comparison.treatment}−${comparison.control}`),
      ['du−ni', 'du-r2−ni', 'du-r2−du'],
    );
    assert.ok(report.comparisons[0]!.metrics.includes('accuracy') && report.comparisons[0]!.metrics.includes('tokens'));
  });

  it('serves every drawn chart as an SVG image and says why the others were not drawn', async () => {
    const report = await getJson<StudyReportView>(`/api/studies/${study.studyId}/report`);
    assert.equal(report.charts.length, 4);
    const drawn = report.charts.filter((chart) => chart.url !== null);
    assert.ok(drawn.length >= 2, `charts drawn: ${drawn.map((chart) => chart.id).join(', ')}`);
    for (const chart of report.charts) {
      if (chart.url === null) {
        assert.ok(chart.skipped !== null && chart.skipped.length > 0, `${chart.id} says why it was not drawn`);
        continue;
      }
      const response = await get(chart.url);
      assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/);
      const svg = await response.text();
      assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      assert.doesNotMatch(svg, /<script/i);
    }
    const missing = await getJson<{ error: { code: string } }>(`/api/studies/${study.studyId}/charts/no-such-chart.svg`, 404);
    assert.equal(missing.error.code, 'NOT_FOUND');
  });

  it('404s an unknown study and 400s unknown parameters', async () => {
    assert.equal((await getJson<{ error: { code: string } }>('/api/studies/nope/report', 404)).error.code, 'NOT_FOUND');
    assert.equal((await getJson<{ error: { code: string } }>(`/api/studies/${study.studyId}/report?x=1`, 400)).error.code, 'BAD_PARAMETER');
  });
});

describe('GET /api/studies/:id/pairs', () => {
  it('pairs du with ni per (question, seed): 12 pairs, du higher on exactly the 4 hard units, largest differences first', async () => {
    const page = await getJson<StudyPairsPage>(pairsPath({ treatment: 'du', control: 'ni', metric: 'accuracy' }));
    assert.deepEqual([page.pairs, page.total, page.treatmentHigher, page.controlHigher, page.equal], [12, 12, 4, 0, 8]);
    assert.equal(page.meanDifference, 4 / 12);
    const hard = (row: { questionId: string; seed: number }) => `${row.questionId}/${row.seed}`;
    assert.deepEqual(page.items.slice(0, 4).map(hard).sort(), study.hardPairs.map(hard).sort());
    for (const row of page.items.slice(0, 4)) {
      assert.equal(row.difference, 1);
      assert.deepEqual([row.treatment.correct, row.control.correct, row.treatment.runId, row.control.runId], [true, false, study.runIds.du, study.runIds.ni]);
    }
    assert.ok(page.items.slice(4).every((row) => row.difference === 0));
  });

  it('each side of a pair is a unit whose trace the API serves, for that question and seed', async () => {
    const page = await getJson<StudyPairsPage>(pairsPath({ treatment: 'du', control: 'ni', differentOnly: 'true' }));
    assert.equal(page.total, 4);
    for (const row of page.items) {
      for (const side of [row.treatment, row.control]) {
        const unit = await getJson<UnitDetail>(`/api/units/${side.unitId}`);
        assert.equal(unit.unit.runId, side.runId);
        assert.deepEqual([unit.unit.questionId, unit.unit.seed], [row.questionId, row.seed]);
        assert.equal(unit.unit.summary?.answer, side.answer);
      }
    }
  });

  it('pages, takes any compared metric, and rejects unknown cells and metrics', async () => {
    const second = await getJson<StudyPairsPage>(pairsPath({ treatment: 'du', control: 'ni', limit: '5', offset: '10' }));
    assert.deepEqual([second.total, second.items.length, second.offset], [12, 2, 10]);
    const tokens = await getJson<StudyPairsPage>(pairsPath({ treatment: 'du-r2', control: 'du', metric: 'tokens' }));
    assert.equal(tokens.pairs, 12);
    assert.equal(tokens.treatmentHigher, 12, 'a second debate round always costs tokens');
    await getJson(pairsPath({ treatment: 'du', control: 'gdp' }), 404);
    await getJson(pairsPath({ treatment: 'du', control: 'ni', metric: 'elegance' }), 400);
    await getJson(`/api/studies/${study.studyId}/pairs?treatment=du`, 400);
  });
});
