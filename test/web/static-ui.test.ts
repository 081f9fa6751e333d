/**
 * Serving the built UI: files, the SPA fallback for page paths, 404s for
 * missing files, and how the server finds the build (`findUiDir`).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { Hono } from 'hono';
import type { TraceStore } from '../../src/spec/store.js';
import { openStore } from '../../src/store/open-store.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import { findUiDir, isBuiltUi, UI_DIR_CANDIDATES } from '../../src/web/server/ui-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-web-static-'));
const uiDir = join(dir, 'ui');
let store: TraceStore;
let app: Hono;

/** A folder shaped like `vite build` output. */
function fakeBuild(folder: string): void {
  mkdirSync(join(folder, 'assets'), { recursive: true });
  mkdirSync(join(folder, '.vite'), { recursive: true });
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>viewer</title><script type="module" src="/assets/app-1a2b.js"></script>');
  writeFileSync(join(folder, 'assets', 'app-1a2b.js'), 'console.log("app")');
  writeFileSync(join(folder, '.vite', 'manifest.json'), '{}');
}

before(async () => {
  fakeBuild(uiDir);
  store = await openStore(join(dir, 'empty.db'));
  app = createViewerApp({ store, uiDir, env: {} });
});
after(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static UI', () => {
  it('serves index.html at / and for any page path (client-side routes survive a reload)', async () => {
    for (const path of ['/', '/runs/run-1', '/runs/run-1/units/u_123?audit=a']) {
      const response = await app.request(path);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', /text\/html/);
      assert.match(await response.text(), /<title>viewer<\/title>/);
    }
  });

  it('serves hashed assets with a long cache and their content type', async () => {
    const response = await app.request('/assets/app-1a2b.js');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /javascript/);
    assert.match(response.headers.get('cache-control') ?? '', /immutable/);
    assert.equal(await response.text(), 'console.log("app")');
  });

  it('404s missing files and refuses paths that climb out of the folder', async () => {
    assert.equal((await app.request('/assets/missing.js')).status, 404);
    assert.equal((await app.request('/favicon.ico')).status, 404);
    const climb = await app.request('/assets/..%2f..%2fempty.db');
    assert.notEqual(climb.status, 200);
    assert.doesNotMatch(await climb.text(), /SQLite format/);
  });

  it('keeps API 404s as JSON next to the UI', async () => {
    const response = await app.request('/api/missing');
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /json/);
  });

  it('lists an empty store', async () => {
    const runs = (await (await app.request('/api/runs')).json()) as { total: number; items: unknown[] };
    assert.deepEqual(runs, { total: 0, offset: 0, limit: 50, items: [] });
  });
});

describe('findUiDir', () => {
  it('takes the first candidate with a finished build, not a source folder with only index.html', () => {
    const source = join(dir, 'source');
    mkdirSync(source, { recursive: true });
    writeFileSync(join(source, 'index.html'), '<!doctype html>');
    assert.equal(isBuiltUi(source), false);
    assert.equal(findUiDir([source, join(dir, 'nowhere'), uiDir]), uiDir);
    assert.equal(findUiDir([source]), null);
  });

  it("looks in the package's dist/web/ui, whether it runs from src/, dist/ or the CLI bundle", () => {
    // the build writes the UI there (src/web/ui/vite.config.ts); the package root is found by walking up (src/package-root.ts)
    assert.deepEqual(UI_DIR_CANDIDATES, [join(fileURLToPath(new URL('../../', import.meta.url)), 'dist', 'web', 'ui')]);
  });
});
