/**
 * The question page's side-by-side reasoning and round-by-round grid in
 * Debian Chromium (playwright-core), against the real server over the
 * viewer fixture store audited by the real offline embedding and an NLI
 * double that flags steps naming amiodarone. Expected values
 * come from the store (the audit's stored pairs, fetched from the API the
 * heatmap reads) and the showcase fixture's answers, never from the UI.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { createEmbeddingProvider } from '../../src/audit/create-embedding-provider.js';
import { auditRuns } from '../../src/audit-runner/audit-runs.js';
import type { StepMatch } from '../../src/spec/audit-result.js';
import { fixedClock } from '../../src/util/clock.js';
import type { UnitAuditDetail } from '../../src/web/server/api-types.js';
import { startViewer, type RunningViewer } from '../../src/web/server/start-viewer.js';
import { FakeNliProvider } from '../audit-runner/fake-audit-providers.js';
import { buildViewerDb, type ViewerDb } from './fixtures/viewer-db.js';
import { seriousAxeViolations } from './helpers/axe.js';
import { buildUi } from './helpers/built-ui.js';
import { chromiumStatus, launchChromium, type LaunchedBrowser } from './helpers/chromium.js';

const status = chromiumStatus();

describe('question page: side by side and rounds, in Chromium', { skip: !status.run && 'skip' in status ? status.skip : false }, () => {
  if (!status.run && 'fail' in status) {
    it('needs Chromium under CI', () => assert.fail(status.fail));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'quorum-web-question-browser-'));
  let db: ViewerDb;
  let viewer: RunningViewer;
  let browser: LaunchedBrowser;
  let page: Page;
  let audit: UnitAuditDetail;

  before(async () => {
    const uiDir = await buildUi(join(dir, 'ui'));
    db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'none', hostile: false });
    // The real offline embedding; an NLI double that calls every step naming amiodarone a contradiction,
    // so that the showcase's "Amiodarone must be avoided" / "…is a reasonable alternative" pairs are flagged.
    const nli = new FakeNliProvider({}, { id: 'heuristic', fallback: (premise, hypothesis) => (/amiodarone/i.test(`${premise} ${hypothesis}`) ? 0.9 : 0.05) });
    await auditRuns({ store: db.store, runIds: [db.gdpRunId], embedding: await createEmbeddingProvider('wordvec'), nli, clock: fixedClock(Date.UTC(2026, 2, 4)), newAuditId: () => 'audit-side-by-side' });
    viewer = await startViewer({ store: db.store, port: 0, uiDir });
    browser = await launchChromium();
    page = await browser.context.newPage();
    audit = (await (await fetch(at(`/api/units/${db.showcaseUnitId}/audit`))).json()) as UnitAuditDetail;
  });
  after(async () => {
    await browser?.close();
    await viewer?.close();
    await db?.store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const at = (path: string) => new URL(path, viewer.url).href;
  const questionPath = () => `/runs/${db.gdpRunId}/units/${db.showcaseUnitId}`;

  /** The stored pair holding the highest contradiction probability of any best match: the summary band's pair. */
  const worstPair = () => {
    let worst: { a: string; b: string; p: number } | null = null;
    for (const pair of audit.question.details.pairs) {
      for (const match of [...(pair.forward?.matches ?? []), ...(pair.backward?.matches ?? [])]) {
        const p = Math.max(...match.contradiction);
        if (worst === null || p > worst.p) worst = { a: pair.a, b: pair.b, p };
      }
    }
    return worst!;
  };

  it('opens on the most contradicting pair and links each step to its stored best match, both ways', async () => {
    await page.goto(at(questionPath()));
    const section = page.locator('section.side-by-side');
    await section.waitFor();
    const worst = worstPair();
    const left = page.getByTestId('side-by-side-left');
    const right = page.getByTestId('side-by-side-right');
    assert.match(await left.locator('h3').innerText(), new RegExp(`^a = ${worst.a}`));
    assert.match(await right.locator('h3').innerText(), new RegExp(`^b = ${worst.b}`));
    const pair = audit.question.details.pairs.find((candidate) => candidate.a === worst.a && candidate.b === worst.b)!;
    const stepsA = audit.question.details.agents.find((agent) => agent.name === worst.a)!.steps;
    assert.ok(pair.forward!.matches.length >= 2 && pair.backward!.matches.length >= 2, 'the fixture pair has steps to link');
    assert.ok(pair.forward!.matches.some((match) => match.flagged) && pair.forward!.matches.some((match) => !match.flagged), 'flagged and unflagged links to tell apart');
    assert.equal(await left.locator('.sbs-step').count(), stepsA.length);

    // Every left step names its a→b best match with the stored cosine and max contradiction probability.
    for (const match of pair.forward!.matches) {
      const text = await left.locator(`[data-step="${match.step}"] .sbs-link`).innerText();
      assert.equal(text.startsWith(`→ b${match.match + 1} · cosine ${match.cosine.toFixed(2)} · contradiction p ${Math.max(...match.contradiction).toFixed(2)}`), true, text);
      assert.equal(text.includes('✕ contradiction'), match.flagged, `flag of a${match.step + 1} said in words`);
    }

    const check = async (from: 'left' | 'right', match: StepMatch) => {
      const [source, other] = from === 'left' ? [left, right] : [right, left];
      await source.locator(`[data-step="${match.step}"]`).click();
      const target = other.locator(`[data-step="${match.match}"]`);
      assert.match((await target.getAttribute('class')) ?? '', /\btarget\b/);
      assert.match(await target.innerText(), /◆ best match/);
      assert.match(await source.locator(`[data-step="${match.step}"]`).innerText(), /▶ selected/);
      assert.equal(await other.locator('.sbs-step.target').count(), 1, 'one highlighted match');
      // Scrolled into view inside its column.
      const selector = `[data-testid="side-by-side-${from === 'left' ? 'right' : 'left'}"] [data-step="${match.match}"]`;
      const inView = await page.evaluate<boolean>(
        `(() => { const element = document.querySelector(${JSON.stringify(selector)}); const box = element.getBoundingClientRect(); const list = element.closest('ol').getBoundingClientRect(); return box.top >= list.top - 1 && box.bottom <= list.bottom + 1; })()`,
      );
      assert.ok(inView, `the match of ${from} step ${match.step + 1} is visible in its column`);
      const status = await page.getByTestId('side-by-side-status').innerText();
      assert.match(status, new RegExp(`cosine ${match.cosine.toFixed(2)}, contradiction p ${Math.max(...match.contradiction).toFixed(2)}`));
    };
    for (const match of pair.forward!.matches) await check('left', match);
    for (const match of pair.backward!.matches) await check('right', match);
  });

  it('is reachable by keyboard: Tab focuses a step and highlights its match, → jumps to it', async () => {
    await page.goto(at(questionPath()));
    const left = page.getByTestId('side-by-side-left');
    await left.waitFor();
    const worst = worstPair();
    const pair = audit.question.details.pairs.find((candidate) => candidate.a === worst.a && candidate.b === worst.b)!;
    await page.locator('.sbs-pickers select').last().focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate<string | null>("document.activeElement.getAttribute('data-side') + ':' + document.activeElement.getAttribute('data-step')"), 'left:0');
    const first = pair.forward!.matches.find((match) => match.step === 0)!;
    assert.match((await page.getByTestId('side-by-side-right').locator(`[data-step="${first.match}"]`).getAttribute('class')) ?? '', /\btarget\b/);
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate<string | null>("document.activeElement.getAttribute('data-side') + ':' + document.activeElement.getAttribute('data-step')"), `right:${first.match}`);
    const back = pair.backward!.matches.find((match) => match.step === first.match)!;
    assert.match((await left.locator(`[data-step="${back.match}"]`).getAttribute('class')) ?? '', /\btarget\b/);
  });

  it('shows any two agents: swapping sides flips the links, and the choice lives in the URL', async () => {
    const worst = worstPair();
    await page.goto(at(`${questionPath()}?sides=${encodeURIComponent(`${worst.b}|${worst.a}`)}`));
    const left = page.getByTestId('side-by-side-left');
    await left.waitFor();
    assert.match(await left.locator('h3').innerText(), new RegExp(`^a = ${worst.b}`));
    const pair = audit.question.details.pairs.find((candidate) => candidate.a === worst.a && candidate.b === worst.b)!;
    const match = pair.backward!.matches[0]!;
    assert.match(await left.locator(`[data-step="${match.step}"] .sbs-link`).innerText(), new RegExp(`^→ b${match.match + 1} · cosine ${match.cosine.toFixed(2)}`), 'the b→a matches now read left to right');
    await page.getByLabel('left agent (a)').selectOption(worst.a);
    await page.waitForURL((url) => url.searchParams.get('sides') === `${worst.a}|${worst.b}`);
  });

  it('has no serious or critical axe-core violations with a step and its match highlighted, light and dark', async () => {
    await page.goto(at(questionPath()));
    await page.getByTestId('side-by-side-left').locator('.sbs-step').first().click();
    const found: string[] = [];
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await page.getByRole('button', { name: 'dark mode' }).click();
      assert.equal(await page.locator('.sbs-step.selected').count(), 1);
      found.push(...(await seriousAxeViolations(page)).map((violation) => `${theme}: ${violation}`));
    }
    await page.getByRole('button', { name: 'dark mode' }).click();
    assert.deepEqual(found, []);
  });

  it('collapses the grid by round: one section per round, the last open, a line of answers and unanimity each', async () => {
    await page.goto(at(questionPath()));
    const rounds = page.locator('details.round-section');
    await rounds.first().waitFor();
    // The showcase's answers (test/web/fixtures/gdp-unit.ts), by hand: round 0 split B, B, C; round 1 all B; round 2 C muted.
    assert.deepEqual(await rounds.locator('> summary').allInnerTexts(), [
      'round 0 · Agent A: B, Agent B: B, Agent C: C · split: B ×2, C ×1',
      'round 1 · Agent A: B, Agent B: B, Agent C: B · unanimous: B',
      'round 2 · Agent A: B, Agent B: B, Agent C: muted · unanimous: B (2 of 3 spoke)',
    ]);
    assert.deepEqual(await page.evaluate<boolean[]>("[...document.querySelectorAll('details.round-section')].map((element) => element.open)"), [false, false, true]);
    assert.equal(await page.locator('[data-cell^="Agent A r0"]').count(), 0, 'a closed round renders no turns');
    await page.locator('[data-round-summary="0"]').click();
    await page.locator('[data-cell="Agent A r0"]').waitFor();
  });

  it('stacks the two columns at 390 px and keeps the page within the screen, in dark mode too', async () => {
    const phone = await browser.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(at(questionPath()));
    await phone.getByTestId('side-by-side-right').waitFor();
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') await phone.getByRole('button', { name: 'dark mode' }).click();
      const [left, right] = [(await phone.getByTestId('side-by-side-left').boundingBox())!, (await phone.getByTestId('side-by-side-right').boundingBox())!];
      assert.ok(right.y >= left.y + left.height, 'right column below the left one');
      assert.ok(left.x + left.width <= 390 && right.x + right.width <= 390, 'both columns within the screen');
      assert.ok((await phone.evaluate<number>('document.documentElement.scrollWidth')) <= 390);
    }
    assert.equal(await phone.evaluate<string>('document.documentElement.dataset.theme'), 'dark');
    await phone.getByRole('button', { name: 'dark mode' }).click();
    await phone.close();
  });
});
