/**
 * Regenerates the viewer screenshots in docs/images/ from the viewer's
 * fixture store (a GDP run with a judge, audited by the offline models,
 * and a DeALOG run): the run page, a question page, its side-by-side
 * reasoning (at 1440 and 390 px) and its step-alignment heatmap, the
 * shared-log timeline, and a study page (the designed mini-study of the
 * tests: paired differences, charts). Needs Debian Chromium.
 *
 *   node --import tsx scripts/viewer-screenshot.ts
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { UnitAuditDetail } from '../src/web/server/api-types.js';
import { startViewer } from '../src/web/server/start-viewer.js';
import { addDesignedStudy } from '../test/web/fixtures/designed-study.js';
import { buildViewerDb } from '../test/web/fixtures/viewer-db.js';
import { buildUi } from '../test/web/helpers/built-ui.js';
import { launchChromium } from '../test/web/helpers/chromium.js';

/** Scrolls the page so that the element `selector` names sits just below the top of the viewport. */
async function scrollToTop(page: Page, selector: string): Promise<void> {
  // A string: this file is compiled without the DOM library.
  await page.evaluate(`window.scrollTo(0, document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect().top + window.scrollY - 56)`);
}

const IMAGES = fileURLToPath(new URL('../docs/images/', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'quorum-viewer-shots-'));
try {
  mkdirSync(IMAGES, { recursive: true });
  const uiDir = await buildUi(join(dir, 'ui'));
  const db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'real', hostile: false, units: 40 });
  mkdirSync(join(dir, 'study'));
  const study = await addDesignedStudy(db.store, join(dir, 'study'));
  const viewer = await startViewer({ store: db.store, port: 0, uiDir });
  const browser = await launchChromium({ width: 1440, height: 1000 });
  try {
    const page = await browser.context.newPage();
    const at = (path: string) => new URL(path, viewer.url).href;
    const saved: string[] = [];
    const save = async (name: string, work: () => Promise<void>) => {
      await work();
      saved.push(join(IMAGES, name));
    };

    await save('viewer-run.png', async () => {
      await page.goto(at(`/runs/${db.gdpRunId}`));
      await page.locator('a.unit-row').first().waitFor();
      await page.getByTestId('consistency-quadrant').waitFor();
      await page.screenshot({ path: join(IMAGES, 'viewer-run.png') });
    });

    await save('viewer-question.png', async () => {
      await page.goto(at(`/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`));
      await page.getByTestId('alignment-heatmap').waitFor();
      await page.locator('.heat-cell').nth(1).hover();
      await page.screenshot({ path: join(IMAGES, 'viewer-question.png') });
    });

    await save('viewer-side-by-side.png', async () => {
      await page.getByTestId('side-by-side-left').locator('.sbs-step').first().click();
      await scrollToTop(page, '.side-by-side');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(IMAGES, 'viewer-side-by-side.png') });
    });

    // A phone: the run page (quadrant first) and a question at 390 px.
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await save('viewer-run-390.png', async () => {
      await phone.goto(at(`/runs/${db.gdpRunId}`));
      await phone.getByTestId('consistency-quadrant').waitFor();
      await phone.screenshot({ path: join(IMAGES, 'viewer-run-390.png') });
    });
    await save('viewer-question-390.png', async () => {
      await phone.goto(at(`/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`));
      await phone.getByTestId('alignment-heatmap').waitFor();
      await phone.screenshot({ path: join(IMAGES, 'viewer-question-390.png') });
    });
    await save('viewer-side-by-side-390.png', async () => {
      await phone.getByTestId('side-by-side-left').locator('.sbs-step').first().click();
      await scrollToTop(phone, '.side-by-side');
      await phone.waitForTimeout(300);
      await phone.screenshot({ path: join(IMAGES, 'viewer-side-by-side-390.png') });
    });
    await phone.close();

    await save('viewer-heatmap.png', async () => {
      const audit = (await (await fetch(at(`/api/units/${db.showcaseUnitId}/audit`))).json()) as UnitAuditDetail;
      // The pair with a flagged contradiction, if the offline NLI flagged one, shows every mark.
      const pair = audit.question.details.pairs.find((candidate) => candidate.forward?.matches.some((match) => match.flagged)) ?? audit.question.details.pairs[0]!;
      await page.getByRole('button', { name: new RegExp(`${pair.a} × ${pair.b}`) }).click();
      const flagged = pair.forward?.matches.find((match) => match.flagged) ?? pair.forward?.matches[0];
      await page.locator(`.heat-cell[data-row="${flagged?.step ?? 0}"][data-column="${flagged?.match ?? 0}"]`).hover();
      await page.locator('.alignment-panel').screenshot({ path: join(IMAGES, 'viewer-heatmap.png') });
    });

    await save('viewer-shared-log.png', async () => {
      await page.goto(at(`/runs/${db.dealogRunId}/units/${db.dealogUnitId}`));
      await page.getByRole('heading', { name: 'Shared log' }).scrollIntoViewIfNeeded();
      await page.locator('.timeline').screenshot({ path: join(IMAGES, 'viewer-shared-log.png') });
    });

    await save('viewer-study.png', async () => {
      await page.goto(at(`/studies/${study.studyId}`));
      await page.locator('.pairs-table tbody tr').first().waitFor();
      await page.locator('.report-chart img').first().waitFor();
      await scrollToTop(page, '.paired-differences');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(IMAGES, 'viewer-study.png') });
    });

    for (const file of saved) process.stdout.write(`wrote ${file}\n`);
  } finally {
    await browser.close();
    await viewer.close();
    await db.store.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
