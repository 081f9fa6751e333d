/**
 * `GET /api/runs/:runId/index-progress`: while the server reads a run's
 * units into its index (for the metrics), the run page shows how many it
 * has read. The store's `listUnits` is held at a gate here, so the test
 * sees the build in the middle, deterministically: 0 of the run's units
 * read, then nothing in progress once the first page (2,000 units > this
 * run) is in. The header reads no unit: it answers with the gate shut.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { TraceStore } from '../../src/spec/store.js';
import type { IndexProgressPage, RunHeader, RunMetricsPage } from '../../src/web/server/api-types.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import { buildViewerDb, type ViewerDb } from './fixtures/viewer-db.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-index-progress-'));
let db: ViewerDb;
before(async () => {
  db = await buildViewerDb(join(dir, 'viewer.db'), { audit: 'none', units: 6, pending: 1, hostile: false });
});
after(async () => {
  await db.store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The store, with `listUnits` waiting until `open()` is called. */
function gatedStore(store: TraceStore): { store: TraceStore; open: () => void; entered: Promise<void> } {
  let open!: () => void;
  let enter!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const gated = new Proxy(store, {
    get(target, name, receiver) {
      if (name !== 'listUnits') {
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (...args: Parameters<TraceStore['listUnits']>) => {
        enter();
        await gate;
        return target.listUnits(...args);
      };
    },
  });
  return { store: gated, open, entered };
}

describe('GET /api/runs/:runId/index-progress', () => {
  it('says how many units are read while the index builds, and null before and after', async () => {
    const { store, open, entered } = gatedStore(db.store);
    const app = createViewerApp({ store, uiDir: null, env: {} });
    const progress = async () => (await (await app.request(`/api/runs/${db.gdpRunId}/index-progress`)).json()) as IndexProgressPage;
    assert.deepEqual(await progress(), { building: null });
    // The fixture's run: the showcase, 6 generated and 1 pending unit (viewer-db.ts).
    const header = (await (await app.request(`/api/runs/${db.gdpRunId}/header`)).json()) as RunHeader;
    assert.equal(header.units.total, 8);
    assert.deepEqual(await progress(), { building: null });
    const metrics = app.request(`/api/runs/${db.gdpRunId}/metrics`);
    await entered;
    // None read yet.
    assert.deepEqual(await progress(), { building: { indexed: 0, total: 8 } });
    open();
    const answer = (await (await metrics).json()) as RunMetricsPage;
    assert.equal(answer.metrics.units, 8);
    assert.deepEqual(await progress(), { building: null });
    assert.equal((await app.request('/api/runs/nope/index-progress')).status, 404);
  });
});
