/**
 * Debian's Chromium through playwright-core, as the browser tests and the
 * viewer scripts launch it: a fresh profile per launch, no background
 * networking.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Whether browser tests can run. Without Chromium they skip with a
 * message, except under CI, where a missing browser is a failure
 * (`.ci/run` installs it).
 */
export function chromiumStatus(path = CHROMIUM_PATH, env: NodeJS.ProcessEnv = process.env): { run: true } | { run: false; skip: string } | { run: false; fail: string } {
  if (existsSync(path)) return { run: true };
  const message = `${path} is missing: install it with \`apt-get install -y --no-install-recommends chromium\``;
  return env['CI'] === undefined || env['CI'] === '' ? { run: false, skip: message } : { run: false, fail: message };
}

/** A launched browser context and how to dispose of it (profile folder included). */
export interface LaunchedBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile. */
export async function launchChromium(viewport = { width: 1400, height: 1000 }): Promise<LaunchedBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'quorum-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: ARGS, viewport, headless: true });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
