/**
 * The run page's consistency views in Debian Chromium (playwright-core),
 * against the real server over a store built here: the quadrant draws one
 * point per audited unit and clicks through; a word of a question's text
 * finds it; a run in progress updates without a reload; the CSV, SVG and
 * PNG downloads are files that open; axe-core finds nothing serious or
 * critical on any page. Expected values come from the store itself (units,
 * audit results) and the fixtures' texts, never from the UI.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { summarizeUnit } from '../../src/metrics/summarize-unit.js';
import { startViewer, type RunningViewer } from '../../src/web/server/start-viewer.js';
import { generatedEvents } from './fixtures/gdp-unit.js';
import { buildViewerDb, SHOWCASE_QUESTION_ID, type ViewerDb } from './fixtures/viewer-db.js';
import { seriousAxeViolations } from './helpers/axe.js';
import { buildUi } from './helpers/built-ui.js';
import { chromiumStatus, launchChromium, type LaunchedBrowser } from './helpers/chromium.js';

const status = chromiumStatus();

describe('consistency views in Chromium', { skip: !status.run && 'skip' in status ? status.skip : false }, () => {
  if (!status.run && 'fail' in status) {
    it('needs Chromium under CI', () => assert.fail(status.fail));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'quorum-web-consistency-browser-'));
  let db: ViewerDb;
  let viewer: RunningViewer;
  let browser: LaunchedBrowser;
  let page: Page;

  before(async () => {
    const uiDir = await buildUi(join(dir, 'ui'));
    db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'fake' });
    viewer = await startViewer({ store: db.store, port: 0, uiDir });
    browser = await launchChromium();
    page = await browser.context.newPage();
  });
  after(async () => {
    await browser?.close();
    await viewer?.close();
    await db?.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const at = (path: string) => new URL(path, viewer.url).href;

  it("draws one quadrant point per audited unit, and a point opens its question", async () => {
    await page.goto(at(`/runs/${db.gdpRunId}`));
    const quadrant = page.getByTestId('consistency-quadrant');
    await quadrant.waitFor();
    const audited = await db.store.listAuditQuestions(db.auditId!, { limit: 1000 });
    const drawn = await drawnPoints(page);
    assert.deepEqual([...drawn].sort(), audited.map((question) => question.unitId).sort());
    assert.equal(await page.title(), `Run ${db.gdpRunId} · quorum viewer`);
    // A real click at the point's centre (read back from its path), hit-tested by the page.
    const centre = await pointCentre(page, db.showcaseUnitId);
    await page.mouse.click(centre.x, centre.y);
    await page.waitForURL(`**/units/${db.showcaseUnitId}`);
    await page.getByRole('heading', { name: SHOWCASE_QUESTION_ID }).waitFor();
  });

  it('finds a question by a word of its text and shows the text in the row', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}`));
    await page.getByLabel('search question text, answers, rationales and ids').fill('bradycardia');
    await page.waitForURL(/text=bradycardia/);
    const rows = page.locator('a.unit-row');
    await waitForCount(rows, 1);
    assert.equal(await rows.first().getAttribute('data-unit-id'), db.showcaseUnitId);
    assert.match(await rows.first().locator('.cell-question').innerText(), /^A 67-year-old man is brought to the emergency department/);
    // The quadrant follows the table's filters.
    await waitForPoints(page, 1);
  });

  it('updates a run in progress without a reload: progress, finished units, new units', async () => {
    const base = (await db.store.getRun(db.gdpRunId))!;
    const runId = 'run-live';
    await db.store.createRun({ ...base, id: runId, status: 'running', createdAt: '2026-03-04T08:00:00.000Z' });
    const ids = await db.store.addUnits(runId, [0, 1, 2].map((index) => ({ questionId: `live-${index}`, protocol: 'gdp', seed: 1 })));
    await page.goto(at(`/runs/${runId}`));
    const progress = page.getByTestId('run-progress');
    await progress.getByText('0 / 3 units finished').waitFor();
    const finish = async (index: number, unitId: string) => {
      const events = generatedEvents({ index, outcome: 'correct' });
      await db.store.completeUnit(unitId, { status: 'done', events, summary: summarizeUnit(events), finishedAt: '2026-03-04T09:00:00.000Z' });
    };
    await finish(0, ids[0]!);
    const started = Date.now();
    await progress.getByText('1 / 3 units finished').waitFor({ timeout: 10_000 });
    await page.locator(`a.unit-row[data-unit-id="${ids[0]}"] .badge-correct`).waitFor({ timeout: 10_000 });
    const seen = Date.now() - started;
    assert.ok(seen < 6_000, `the finished unit showed after ${seen} ms (polled every 2 s)`);
    const [added] = await db.store.addUnits(runId, [{ questionId: 'live-3', protocol: 'gdp', seed: 1 }]);
    await page.locator(`a.unit-row[data-unit-id="${added}"]`).waitFor({ timeout: 10_000 });
    await progress.getByText('1 / 4 units finished').waitFor({ timeout: 10_000 });
    await db.store.setRunStatus(runId, 'done');
    await progress.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it('downloads the table as CSV and the quadrant as SVG and PNG, files that open', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}?outcome=wrong`));
    const rows = page.locator('a.unit-row');
    await rows.first().waitFor();
    const saved = async (click: () => Promise<void>) => {
      const [download] = await Promise.all([page.waitForEvent('download'), click()]);
      const path = join(dir, download.suggestedFilename());
      await download.saveAs(path);
      return { name: download.suggestedFilename(), bytes: readFileSync(path) };
    };
    const csv = await saved(() => page.getByRole('link', { name: 'Download these questions as CSV' }).click());
    assert.equal(csv.name, `${db.gdpRunId}-units.csv`);
    const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
    const wrong = (await db.store.listUnits(db.gdpRunId)).filter((unit) => unit.summary?.answerStatus === 'ok' && unit.summary.correct === false);
    assert.equal(lines.length - 1, wrong.length, 'the CSV holds the filtered rows');

    await page.getByTestId('consistency-quadrant').waitFor();
    const svg = await saved(() => page.getByRole('group', { name: 'download the quadrant' }).getByRole('button', { name: 'SVG' }).click());
    assert.match(svg.name, /consistency-caraHyb\.svg$/);
    const text = svg.bytes.toString('utf8');
    assert.match(text, /^<\?xml/);
    const points = await drawnPoints(page);
    const inFile = [...text.matchAll(/data-points="([^"]*)"/g)].flatMap((match) => match[1]!.split(' '));
    assert.deepEqual(inFile.sort(), [...points].sort(), 'the SVG holds every drawn point');
    assert.doesNotMatch(text, /var\(--/, 'paint is resolved, not left as CSS variables');
    // The SVG opens in the browser as an image of the declared size.
    const size = await page.evaluate<number[]>(
      `(async () => { const image = new Image(); image.src = ${JSON.stringify(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`)}; await image.decode(); return [image.naturalWidth, image.naturalHeight]; })()`,
    );
    assert.deepEqual(size, [720, 400]);

    const png = await saved(() => page.getByRole('group', { name: 'download the quadrant' }).getByRole('button', { name: 'PNG' }).click());
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
    // IHDR width and height (big-endian at bytes 16–23): the chart at 2×.
    assert.deepEqual([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)], [1440, 800]);
  });

  it('puts the summary band before the heatmap, moves through the heatmap by keyboard, and links previous and next', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`));
    const heatmap = page.getByTestId('alignment-heatmap');
    await heatmap.waitFor();
    const summary = page.locator('.question-summary');
    assert.match(await summary.innerText(), /A 67-year-old man is brought to the emergency department/);
    assert.match(await summary.innerText(), /Agreement set S: 3 of 3 agents/);
    const [summaryTop, heatmapTop] = [(await summary.boundingBox())!.y, (await heatmap.boundingBox())!.y];
    assert.ok(summaryTop < heatmapTop, 'summary first');
    const audit = await (await fetch(at(`/api/units/${db.showcaseUnitId}/audit`))).json() as { question: { details: { pairs: Array<{ forward: { matches: Array<{ contradiction: number[] }> } | null; backward: { matches: Array<{ contradiction: number[] }> } | null }> } } };
    const highest = Math.max(...audit.question.details.pairs.flatMap((pair) => [...(pair.forward?.matches ?? []), ...(pair.backward?.matches ?? [])].map((match) => Math.max(...match.contradiction))));
    assert.match(await page.getByTestId('worst-pair').innerText(), new RegExp(`contradiction p ${highest.toFixed(2)}`));

    const focusable = heatmap.locator('.heat-cell[tabindex="0"]');
    assert.equal(await focusable.count(), 1, 'one cell in the tab order (roving focus)');
    await focusable.focus();
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate<string | null>("document.activeElement && document.activeElement.getAttribute('data-row') + ',' + document.activeElement.getAttribute('data-column')");
    assert.equal(focused, '0,1');
    assert.match(await page.locator('.cell-detail').innerText(), /^a1 /);
    assert.match(await page.locator('.cell-detail').innerText(), /\bb2\b/);

    const units = await db.store.listUnits(db.gdpRunId);
    await page.getByRole('link', { name: `${units[1]!.questionId} →` }).click();
    await page.waitForURL(`**/units/${units[1]!.id}`);
    await page.getByRole('link', { name: `← ${units[0]!.questionId}` }).waitFor();
  });

  it('shows a DeALOG question without debate furniture', async () => {
    await page.goto(at(`/runs/${db.dealogRunId}/units/${db.dealogUnitId}`));
    await page.locator('.log-entry').first().waitFor();
    const text = await page.locator('main').innerText();
    for (const furniture of ['not unanimous', 'Step alignment', 'Answers by round', 'unparsed', 'vote']) assert.ok(!text.includes(furniture), `no "${furniture}"`);
  });

  it('compares two runs: paired metric differences and the per-question pairs, each linking to its trace', async () => {
    const base = (await db.store.getRun(db.gdpRunId))!;
    const unitsA = await db.store.listUnits(db.gdpRunId);
    const chosen = [unitsA[1]!, unitsA[2]!];
    await db.store.createRun({ ...base, id: 'run-compare-b', status: 'done', createdAt: '2026-03-05T08:00:00.000Z' });
    const idsB = await db.store.addUnits('run-compare-b', chosen.map((unit) => ({ questionId: unit.questionId, protocol: unit.protocol, seed: unit.seed })));
    // A is correct on both (fixture cycle: correct, correct); B wrong on the first: one pair differs.
    for (const [index, unitId] of idsB.entries()) {
      const events = generatedEvents({ index, outcome: index === 0 ? 'wrong' : 'correct' });
      await db.store.completeUnit(unitId, { status: 'done', events, summary: summarizeUnit(events), finishedAt: '2026-03-05T09:00:00.000Z' });
    }
    await page.goto(at(`/runs/${db.gdpRunId}`));
    await page.getByRole('link', { name: 'Compare this run with another' }).click();
    await page.getByLabel('run B').selectOption('run-compare-b');
    const metrics = page.getByTestId('compare-metrics');
    await metrics.waitFor();
    const accuracy = await metrics.locator('tr', { hasText: /^accuracy/ }).innerText();
    // n = 2 pairs; mean A 1, mean B 0.5, A − B 0.5 (by hand from the outcomes above).
    assert.match(accuracy, /^accuracy\s+2\s+1\.000\s+0\.500\s+0\.500/);
    const pairs = page.getByTestId('compare-pairs').locator('tbody tr');
    await waitForCount(pairs, 1);
    await pairs.first().getByRole('link').nth(1).click();
    await page.waitForURL(`**/runs/run-compare-b/units/${idsB[0]}`);
  });

  it('saves a question as one self-contained HTML file without any script', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`));
    await page.getByTestId('alignment-heatmap').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download this question as HTML' }).click()]);
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    const html = readFileSync(path, 'utf8');
    assert.match(html, /^<!doctype html>/);
    assert.match(html, /A 67-year-old man is brought to the emergency department/);
    assert.match(html, /<style>[^]*\.summary-band/, 'the stylesheet is inlined');
    assert.doesNotMatch(html, /<script|<link /i, 'no script and nothing fetched');
    assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
    const file = await browser.context.newPage();
    await file.goto(`file://${path}`);
    assert.match(await file.locator('.question-summary').innerText(), /Agreement set S/);
    await file.close();
  });

  it('switches to dark mode and back, and fits a 390 px screen', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}`));
    const toggle = page.getByRole('button', { name: 'dark mode' });
    await toggle.click();
    assert.equal(await page.evaluate<string>('document.documentElement.dataset.theme'), 'dark');
    const background = await page.evaluate<string>('getComputedStyle(document.documentElement).backgroundColor');
    assert.equal(background, 'rgb(18, 22, 28)');
    await page.reload();
    assert.equal(await page.evaluate<string>('document.documentElement.dataset.theme'), 'dark', 'the choice is remembered');
    await page.getByRole('button', { name: 'dark mode' }).click();
    assert.equal(await page.evaluate<string>('document.documentElement.dataset.theme'), 'light');
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', `/runs/${db.gdpRunId}`, `/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`, `/runs/${db.dealogRunId}/units/${db.dealogUnitId}`]) {
      await phone.goto(at(path));
      await phone.locator('main h1, main h2').first().waitFor();
      await phone.waitForTimeout(300);
      const width = await phone.evaluate<number>('document.documentElement.scrollWidth');
      assert.ok(width <= 390, `${path} is ${width} px wide at 390 px`);
    }
    await phone.close();
  });

  it('has no serious or critical axe-core violations on any page, in light and dark mode', async () => {
    const pages = [
      '/',
      `/runs/${db.gdpRunId}`,
      `/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`,
      `/runs/${db.dealogRunId}`,
      `/runs/${db.dealogRunId}/units/${db.dealogUnitId}`,
      `/studies/${db.studyId}`,
      `/compare?a=${db.gdpRunId}&b=run-compare-b`,
      `/compare?a=${db.gdpRunId}`,
      '/compare',
      '/nowhere',
    ];
    const found: string[] = [];
    for (const theme of ['light', 'dark']) {
      for (const path of pages) {
        await page.goto(at(path));
        if ((await page.evaluate<string>('document.documentElement.dataset.theme')) !== theme) await page.getByRole('button', { name: 'dark mode' }).click();
        await page.locator('main h1, main h2').first().waitFor();
        await page.waitForTimeout(300);
        found.push(...(await seriousAxeViolations(page)).map((violation) => `${theme} ${path}: ${violation}`));
      }
    }
    assert.deepEqual(found, []);
  });
});

async function waitForCount(locator: Locator, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await locator.count()) !== count) {
    if (Date.now() > deadline) assert.equal(await locator.count(), count);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The unit ids the quadrant draws: its point paths list them in data-points. */
async function drawnPoints(page: Page): Promise<string[]> {
  return page.getByTestId('consistency-quadrant').locator('[data-points]').evaluateAll((paths) => paths.flatMap((path) => ((path as unknown as { dataset: Record<string, string> }).dataset['points'] ?? '').split(' ').filter((id: string) => id !== '')));
}

/** Where a point is drawn, in page pixels: its path's n-th circle starts by moving to the centre. */
async function pointCentre(page: Page, unitId: string): Promise<{ x: number; y: number }> {
  return page.evaluate<{ x: number; y: number }>(`(() => {
    for (const path of document.querySelectorAll('[data-testid="consistency-quadrant"] [data-points]')) {
      const index = path.getAttribute('data-points').split(' ').indexOf(${JSON.stringify(unitId)});
      if (index < 0) continue;
      const [cx, cy] = path.getAttribute('d').split('M')[index + 1].split('m')[0].split(' ').map(Number);
      const at = new DOMPoint(cx, cy).matrixTransform(path.ownerSVGElement.getScreenCTM());
      return { x: at.x, y: at.y };
    }
    throw new Error('no point for ${unitId}');
  })()`);
}

async function waitForPoints(page: Page, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const drawn = await drawnPoints(page);
    if (drawn.length === count) return;
    if (Date.now() > deadline) assert.fail(`expected ${count} quadrant points, saw ${drawn.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
