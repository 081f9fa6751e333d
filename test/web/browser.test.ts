/**
 * The viewer end to end in Debian Chromium (playwright-core): the real
 * server on a free port over a store made here (with an audit by the real
 * offline models), the UI built from the current sources. A user opens a
 * run, drills into a question, opens the heatmap; filters work; the shared
 * log shows provenance; hostile model text never executes.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { defineMetric, registerMetric } from '../../src/metrics/metric-registry.js';
import type { UnitAuditDetail } from '../../src/web/server/api-types.js';
import { startViewer, type RunningViewer } from '../../src/web/server/start-viewer.js';
import { addDesignedStudy, type DesignedStudy } from './fixtures/designed-study.js';
import { buildViewerDb, HOSTILE_PAYLOAD, SHOWCASE_QUESTION_ID, type ViewerDb } from './fixtures/viewer-db.js';
import { seriousAxeViolations } from './helpers/axe.js';
import { buildUi } from './helpers/built-ui.js';
import { chromiumStatus, launchChromium, type LaunchedBrowser } from './helpers/chromium.js';

const status = chromiumStatus();

describe('viewer in Chromium', { skip: !status.run && 'skip' in status ? status.skip : false }, () => {
  if (!status.run && 'fail' in status) {
    it('needs Chromium under CI', () => assert.fail(status.fail));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'quorum-web-browser-'));
  let db: ViewerDb;
  let study: DesignedStudy;
  let viewer: RunningViewer;
  let browser: LaunchedBrowser;
  let page: Page;
  const dialogs: string[] = [];

  before(async () => {
    // A plugin metric, as `quorum ui --plugin` registers one: 1 for every finished unit, so its mean is 1 on any run.
    registerMetric(defineMetric({ key: 'constant_plugin', label: 'Constant (plugin)', source: 'test: 1 per unit', needs: [], bounds: [0, 1], binary: false, digits: 1, value: () => 1 }));
    const uiDir = await buildUi(join(dir, 'ui'));
    db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'real' });
    mkdirSync(join(dir, 'study'));
    study = await addDesignedStudy(db.store, join(dir, 'study'));
    viewer = await startViewer({ store: db.store, port: 0, uiDir });
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  after(async () => {
    await browser?.close();
    await viewer?.close();
    await db?.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const at = (path: string) => new URL(path, viewer.url).href;
  const api = async <T>(path: string): Promise<T> => (await (await fetch(at(path))).json()) as T;

  it('opens a run, drills into a question, opens the heatmap and saves a screenshot', async () => {
    await page.goto(at('/'));
    await page.getByRole('link', { name: db.gdpRunId }).click();
    await page.waitForURL(`**/runs/${db.gdpRunId}`);
    const row = page.locator(`[data-unit-id="${db.showcaseUnitId}"]`);
    await row.waitFor();
    await row.click();
    await page.waitForURL(`**/units/${db.showcaseUnitId}`);
    await page.getByRole('heading', { name: SHOWCASE_QUESTION_ID }).waitFor();
    const heatmap = page.getByTestId('alignment-heatmap');
    await heatmap.waitFor();

    const audit = await api<UnitAuditDetail>(`/api/units/${db.showcaseUnitId}/audit`);
    const pair = audit.question.details.pairs.find((candidate) => candidate.a === 'Agent A' && candidate.b === 'Agent B')!;
    await page.getByRole('button', { name: /Agent A × Agent B/ }).click();
    const cells = heatmap.locator('.heat-cell');
    assert.equal(await cells.count(), pair.cosine.length * pair.cosine[0]!.length);
    const flaggedCells = new Set([
      ...(pair.forward?.matches ?? []).filter((match) => match.flagged).map((match) => `${match.step},${match.match}`),
      ...(pair.backward?.matches ?? []).filter((match) => match.flagged).map((match) => `${match.match},${match.step}`),
    ]);
    assert.equal(await heatmap.getByTestId('contradiction-mark').count(), flaggedCells.size, 'one ✕ per flagged best-match cell');

    await cells.first().hover();
    const stepsA = audit.question.details.agents.find((agent) => agent.name === 'Agent A')!.steps;
    await page.locator('.cell-detail').getByText(stepsA[0]!).waitFor();
    assert.match(await page.locator('.cell-detail').innerText(), new RegExp(`cosine ${pair.cosine[0]![0]!.toFixed(3)}`));

    const shot = join(dir, 'question.png');
    await page.screenshot({ path: shot, fullPage: true });
    assert.ok(statSync(shot).size > 20_000, 'the screenshot has content');
  });

  it('shows who saw what, mutes, drafts and judge ranks in the agent × round grid', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`));
    const cell = (agent: string, round: number) => page.locator(`[data-cell="${agent} r${round}"]`);
    // One collapsible per round, the last open: open the two before it.
    for (const round of [0, 1]) await page.locator(`[data-round-summary="${round}"]`).click();
    await cell('Agent A', 1).hover();
    for (const agent of ['Agent A', 'Agent B', 'Agent C']) assert.match((await cell(agent, 0).getAttribute('class')) ?? '', /\bsaw\b/, `${agent} r0 was shown to Agent A r1`);
    assert.match((await cell('Agent A', 2).getAttribute('class')) ?? '', /\bseen-by\b/);
    assert.doesNotMatch((await cell('Agent B', 1).getAttribute('class')) ?? '', /\bsaw\b/, 'parallel round: no same-round edges');
    assert.match(await cell('Agent C', 2).innerText(), /muted/);
    assert.match(await cell('Agent A', 0).innerText(), /judge #2\/3/);
    assert.match(await cell('Agent A', 0).innerText(), /1 other draft/);
    assert.match(await page.locator('.answer-changes').innerText(), /C → B/);
    assert.equal(await page.locator('.stance-edge.stance-DISAGREE').count(), 2);
  });

  it("has no serious or critical axe-core violations on a study's report page or a compare page of its runs, light and dark", async () => {
    const found: string[] = [];
    for (const theme of ['light', 'dark']) {
      for (const path of [`/studies/${study.studyId}`, `/compare?a=${study.runIds['du']}&b=${study.runIds['ni']}`, `/runs/${study.runIds['du']}`]) {
        await page.goto(at(path));
        if ((await page.evaluate<string>('document.documentElement.dataset.theme')) !== theme) await page.getByRole('button', { name: 'dark mode' }).click();
        // The study report and the compare tables load after the page: wait for what each page shows last.
        await page.locator(path.startsWith('/studies') ? '.pairs-table tbody tr' : path.startsWith('/compare') ? '[data-testid="compare-pairs"]' : 'a.unit-row').first().waitFor();
        await page.waitForTimeout(300);
        found.push(...(await seriousAxeViolations(page)).map((violation) => `${theme} ${path}: ${violation}`));
      }
    }
    if ((await page.evaluate<string>('document.documentElement.dataset.theme')) === 'dark') await page.getByRole('button', { name: 'dark mode' }).click();
    assert.deepEqual(found, []);
  });

  it("shows a plugin metric's card on the run page, and its row in the study report", async () => {
    await page.goto(at(`/runs/${study.runIds['du']}`));
    // the designed study's du run: 12 finished units (the 12 pairs of the report below), each with the value 1
    const card = page.locator('.metric-card', { hasText: 'Constant (plugin)' });
    await card.waitFor();
    assert.match(await card.innerText(), /1\.0[\s\S]*plugin metric constant_plugin: mean of 12 units/);
    await page.goto(at(`/studies/${study.studyId}`));
    await page.locator('.report-table', { hasText: 'Constant (plugin)' }).first().waitFor();
  });

  it('filters and searches the question table, and keeps the filters in the URL', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}`));
    const rows = page.locator('a.unit-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 16);
    await page.getByRole('button', { name: /^wrong/ }).click();
    await page.waitForURL(/outcome=wrong/);
    await waitForCount(rows, 3);
    await page.getByRole('button', { name: /^all/ }).click();
    await page.getByLabel('search question text, answers, rationales and ids').fill('pending');
    await page.waitForURL(/text=pending/);
    await waitForCount(rows, 2);
    await page.reload();
    await waitForCount(rows, 2);
    assert.match(await page.getByTestId('unit-table-total').innerText(), /^2 questions/);
    await page.goto(at(`/runs/${db.gdpRunId}?lowCara=true`));
    const low = (await api<{ total: number }>(`/api/runs/${db.gdpRunId}/units?lowCara=true`)).total;
    await waitForCount(rows, low);
  });

  it('lists studies on the home page; a study cell clicks through to its run', async () => {
    await page.goto(at('/'));
    await page.getByRole('link', { name: 'GDP vs DeALOG (fixture)' }).click();
    await page.waitForURL(`**/studies/${db.studyId}`);
    await page.getByRole('link', { name: db.dealogRunId }).click();
    await page.waitForURL(`**/runs/${db.dealogRunId}`);
    await page.locator('a.unit-row').first().waitFor();
  });

  it("shows a study's report: tables, charts, and paired differences that click through to both traces", async () => {
    await page.goto(at(`/studies/${study.studyId}`));
    await page.getByRole('heading', { name: 'Paired differences' }).waitFor();
    // du − ni on accuracy, pairs that differ: exactly the 4 hard units, du right and ni wrong.
    const pairs = page.locator('.pairs-table tbody tr');
    await waitForCount(pairs, 4);
    assert.match(await page.locator('.pairs-tally').innerText(), /^12 pairs: du higher on 4, ni higher on 0, equal on 8/);
    const shown = await Promise.all((await pairs.all()).map((row) => row.getAttribute('data-pair')));
    assert.deepEqual(shown.sort(), study.hardPairs.map((pair) => `${pair.questionId}/${pair.seed}`).sort());

    const drawn = (await api<{ charts: Array<{ url: string | null }> }>(`/api/studies/${study.studyId}/report`)).charts.filter((chart) => chart.url !== null).length;
    const images = page.locator('.report-chart img');
    await waitForCount(images, drawn);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      // The test's tsconfig has no DOM types: the image is read as the plain object it is.
      const loaded = () => image.evaluate((element) => (element as unknown as { complete: boolean; naturalWidth: number }).naturalWidth);
      for (let tries = 0; (await loaded()) === 0 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.ok((await loaded()) > 100, 'the chart SVG loaded as an image');
    }
    assert.ok((await page.locator('.report-table').count()) >= 4, 'the report tables');

    const first = pairs.first();
    const pair = (await first.getAttribute('data-pair'))!;
    await first.locator('[data-side="treatment"]').click();
    await page.waitForURL(`**/runs/${study.runIds['du']}/units/*`);
    await page.getByText(pair.split('/')[0]!, { exact: false }).first().waitFor();
    await page.goBack();
    await waitForCount(pairs, 4);
    await page.locator(`[data-pair="${pair}"] [data-side="control"]`).click();
    await page.waitForURL(`**/runs/${study.runIds['ni']}/units/*`);
    await page.goBack();

    await page.getByLabel('metric').selectOption('tokens');
    await page.waitForURL(/metric=tokens/);
    await page.getByLabel('comparison').selectOption({ label: 'du-r2 − du · designed · fake' });
    await page.locator('.pairs-tally', { hasText: /^12 pairs: du-r2 higher on 12/ }).waitFor();
    await waitForCount(pairs, 12);
  });

  it('shows the shared log with the cited cell and the quoted span highlighted', async () => {
    await page.goto(at(`/runs/${db.dealogRunId}/units/${db.dealogUnitId}`));
    await page.getByRole('heading', { name: 'Shared log' }).waitFor();
    assert.equal(await page.locator('#log-0 td[data-cited="true"]').innerText(), '1,234', 'the cell in the carried table');
    assert.equal(await page.locator('#log-2 .passage mark').innerText(), 'Revenue from services increased 19.3% in 2019', 'the span in the carried passage');
    assert.match(await page.locator('#log-1 .provenance-cell').innerText(), /table-1 · row Services \(#1\) · column 2018 · cell 1,034 · claimed 1,043/);
    assert.equal(await page.locator('.log-entry.rejected').count(), 1);
    await page.locator('#log-7').hover();
    assert.equal(await page.locator('.log-entry.highlighted').count(), 3, 'the answer highlights the entries it uses');
    assert.match(await page.locator('.verify.verdict-FLAG').innerText(), /cited facts in the log/);
  });

  it('renders hostile model text as text: nothing executes, no dialog opens', async () => {
    const pages = [
      `/runs/${db.gdpRunId}?q=xss`,
      `/runs/${db.gdpRunId}/units/${db.hostileUnitId}`,
      `/runs/${db.dealogRunId}/units/${db.hostileDealogUnitId}`,
    ];
    for (const path of pages) {
      await page.goto(at(path));
      await page.waitForLoadState('networkidle');
      await openEverything(page);
      await page.locator('.heat-cell').first().hover({ timeout: 1000 }).catch(() => undefined);
      // A string, not a function: this file is compiled without the DOM library.
      const state = await page.evaluate<HostileState>(`({
        pwned: window.__pwned,
        images: document.querySelectorAll('img[src="x"], img[onerror]').length,
        handlers: document.querySelectorAll('[onload], [onerror]').length,
        scripts: [...document.querySelectorAll('script')].filter((script) => (script.textContent ?? '').includes('__pwned')).length,
        text: document.body.innerText,
      })`);
      assert.equal(state.pwned, undefined, `${path}: the payload ran`);
      assert.deepEqual([state.images, state.handlers, state.scripts], [0, 0, 0], `${path}: the payload became markup`);
      assert.ok(state.text.includes('<script>window.__pwned=1</script>'), `${path}: the payload is shown as text`);
    }
    assert.deepEqual(dialogs, []);
    assert.ok(HOSTILE_PAYLOAD.includes('alert(1)'));
  });
});

/** What the hostile-text check reads from the page. */
interface HostileState {
  pwned: unknown;
  images: number;
  handlers: number;
  scripts: number;
  text: string;
}

/** Waits until a locator matches exactly `count` elements. */
async function waitForCount(locator: Locator, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < deadline) {
    last = await locator.count();
    if (last === count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`expected ${count} matches, still ${last} after ${timeoutMs} ms`);
}

/** Opens every collapsible (they render their content only when open), nested ones included. */
async function openEverything(page: Page): Promise<void> {
  for (let pass = 0; pass < 4; pass++) {
    const closed = page.locator('details:not([open]) > summary');
    const count = await closed.count();
    if (count === 0) return;
    for (let index = count - 1; index >= 0; index--) await closed.nth(index).click();
  }
}
