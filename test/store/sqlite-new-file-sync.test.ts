import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { runRecord } from '../../src/testing/trace-fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'quorum-sqlite-new-file-'));
after(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const newFile = (): string => join(root, `store-${++files}.db`);

/** The pragmas the store's connection is given, in order (better-sqlite3's `pragma` is recorded, then run). */
let pragmas: string[] = [];
const pragma = Sqlite.prototype.pragma;
beforeEach(() => {
  pragmas = [];
  Sqlite.prototype.pragma = function (this: Sqlite.Database, source: string, options?: Sqlite.PragmaOptions) {
    pragmas.push(source);
    return pragma.call(this, source, options);
  } as typeof pragma;
});
afterEach(() => {
  Sqlite.prototype.pragma = pragma;
});

const synchronousOf = (store: unknown): unknown => (store as { sqlite: Sqlite.Database }).sqlite.pragma('synchronous', { simple: true });

describe('a new SQLite store file', () => {
  it('switches to WAL and writes its schema without fsync, then syncs as NORMAL', async () => {
    const store = await openSqliteStore(newFile());
    const off = pragmas.indexOf('synchronous = OFF');
    assert.ok(off !== -1 && off < pragmas.indexOf('journal_mode = WAL'), pragmas.join('; '));
    assert.equal(pragmas.at(-1), 'synchronous = NORMAL', pragmas.join('; '));
    assert.equal(synchronousOf(store), 1);
    await store.createRun(runRecord('run-1'));
    await store.close();
  });

  it('an existing file, and a read-only open, never go without fsync', async () => {
    const file = newFile();
    await (await openSqliteStore(file)).close();
    pragmas = [];
    const again = await openSqliteStore(file);
    assert.ok(!pragmas.includes('synchronous = OFF'), pragmas.join('; '));
    assert.equal(synchronousOf(again), 1);
    await again.close();
    pragmas = [];
    const reader = await openSqliteStore(file, { readonly: true });
    assert.ok(!pragmas.includes('synchronous = OFF'), pragmas.join('; '));
    await reader.close();
  });
});
