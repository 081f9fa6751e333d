/**
 * The viewer opens stores read-only, and upgrades a store written by an
 * older quorum (missing migrations) instead of refusing it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { StoreError } from '../../src/spec/errors.js';
import { latestMigration, migrations } from '../../src/store/migrations/migrations.js';
import { openStore } from '../../src/store/open-store.js';
import type { Database } from '../../src/store/schema.js';
import { openViewerStore } from '../../src/web/server/open-viewer-store.js';
import { runRecord } from '../../src/testing/trace-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-web-open-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('openViewerStore', () => {
  it('opens read-only: writes are refused', async () => {
    const file = join(dir, 'current.db');
    await (await openStore(file)).close();
    const store = await openViewerStore(file);
    try {
      await assert.rejects(store.createRun(runRecord('run-1')), /read-only/);
    } finally {
      await store.close();
    }
  });

  it('applies missing migrations of an older store once, says so, and keeps its runs', async () => {
    const file = join(dir, 'older.db');
    const writable = await openStore(file);
    await writable.createRun(runRecord('run-old'));
    await writable.close();
    // Make it a store from before the newest migration: revert that one with its own `down`.
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(file) }) });
    const reverted = await new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } }).migrateDown();
    await db.destroy();
    assert.equal(reverted.error, undefined);
    const last = latestMigration;
    await assert.rejects(openStore(file, { readonly: true }), (error: unknown) => error instanceof StoreError && /out of date/.test(error.message));

    const notes: string[] = [];
    const store = await openViewerStore(file, (note) => notes.push(note));
    try {
      assert.equal(notes.length, 1);
      assert.match(notes[0]!, new RegExp(`upgraded the store's schema \\(missing ${last}\\)`));
      assert.deepEqual((await store.listRuns()).map((run) => run.id), ['run-old']);
    } finally {
      await store.close();
    }
  });

  it('passes other failures through', async () => {
    await assert.rejects(openViewerStore(join(dir, 'missing.db')), StoreError);
  });
});
