/**
 * axe-core in a page the browser tests opened: the serious and critical
 * violations, one line each (rule, impact, the first three elements).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core over the page as it is now; returns `impact rule: targets` for each serious or critical violation. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Colours are measured once every finite CSS transition and animation has ended: a theme switch
  // fades cell backgrounds over 0.1 s, and axe run inside that fade reads colours of neither theme.
  // (`getAnimations` flushes pending style changes first, so a transition just triggered is included.)
  await page.evaluate(
    'Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity).map((animation) => animation.finished.catch(() => undefined)))',
  );
  // Evaluated through the debugging protocol: the page's CSP (rightly) refuses inline script tags.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>("axe.run(document, { resultTypes: ['violations'] })");
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(' | ')}`);
}
