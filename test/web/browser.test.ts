/**
 * The viewer end to end in Debian Chromium (playwright-core): the real
 * server on a free port over a store made here (with an audit by the real
 * offline models), the UI built from the current sources. A user opens a
 * run, drills into a question, opens the heatmap; filters work; the shared
 * log shows provenance; hostile model text never executes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { UnitAuditDetail } from '../../src/web/server/api-types.js';
import { startViewer, type RunningViewer } from '../../src/web/server/start-viewer.js';
import { buildViewerDb, HOSTILE_PAYLOAD, SHOWCASE_QUESTION_ID, type ViewerDb } from './fixtures/viewer-db.js';
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
  let viewer: RunningViewer;
  let browser: LaunchedBrowser;
  let page: Page;
  const dialogs: string[] = [];

  before(async () => {
    const uiDir = await buildUi(join(dir, 'ui'));
    db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'real' });
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

  it('filters and searches the question table, and keeps the filters in the URL', async () => {
    await page.goto(at(`/runs/${db.gdpRunId}`));
    const rows = page.locator('a.unit-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 16);
    await page.getByRole('button', { name: /^wrong/ }).click();
    await page.waitForURL(/outcome=wrong/);
    await waitForCount(rows, 3);
    await page.getByRole('button', { name: /^all/ }).click();
    await page.getByLabel('search question id').fill('pending');
    await page.waitForURL(/q=pending/);
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
