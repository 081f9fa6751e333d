import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { ConfigError, StoreError } from '../../src/spec/errors.js';
import { KyselyTraceStore } from '../../src/store/kysely-trace-store.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { migrations } from '../../src/store/migrations/migrations.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { openStore } from '../../src/store/open-store.js';
import type { Database } from '../../src/store/schema.js';
import { SqliteTraceStore } from '../../src/store/sqlite-trace-store.js';
import { unitId } from '../../src/store/unit-id.js';
import { cachedCompletion, runRecord, unitResult } from '../../src/testing/trace-fixtures.js';
import { runStoreSuite } from '../../src/testing/trace-store-suite.js';

const root = mkdtempSync(join(tmpdir(), 'quorum-sqlite-store-'));
after(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const newFile = (): string => join(root, `store-${++files}.db`);

/** A migrated SQLite database with kysely on top, for stores built by hand. */
async function migratedDatabase(file: string): Promise<{ sqlite: Sqlite.Database; db: Kysely<Database> }> {
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  await migrateToLatest(db);
  return { sqlite, db };
}

runStoreSuite('SqliteTraceStore (temp file)', () => openSqliteStore(newFile()));

// The portable kysely code path, which the PostgreSQL store will reuse,
// exercised here on SQLite so that it is tested before PostgreSQL lands.
runStoreSuite('KyselyTraceStore on SQLite (portable queries only)', async () => {
  const { db } = await migratedDatabase(newFile());
  return new KyselyTraceStore('kysely-sqlite', db);
});

describe('SQLite store', () => {
  it('configures WAL, a busy timeout, NORMAL sync and foreign keys', async () => {
    const file = newFile();
    const store = await openSqliteStore(file, { busyTimeoutMs: 4321 });
    // Per-connection pragmas, read on the store's own connection.
    const connection = (store as unknown as { sqlite: Sqlite.Database }).sqlite;
    assert.equal(connection.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(connection.pragma('busy_timeout', { simple: true }), 4321);
    assert.equal(connection.pragma('synchronous', { simple: true }), 1);
    assert.equal(connection.pragma('foreign_keys', { simple: true }), 1);
    await store.close();
  });

  it('re-runs migrations harmlessly when opened again', async () => {
    const file = newFile();
    const first = await openSqliteStore(file);
    await first.createRun(runRecord('r1'));
    const [id] = await first.addUnits('r1', [{ questionId: 'q', protocol: 'du', seed: 1 }]);
    await first.completeUnit(id!, unitResult());
    await first.close();
    for (let round = 0; round < 2; round++) {
      const again = await openSqliteStore(file);
      assert.equal((await again.getUnit(id!))?.status, 'done');
      assert.equal((await again.getEvents(id!)).length, 10);
      await again.close();
    }
    const sqlite = new Sqlite(file, { readonly: true });
    assert.deepEqual(
      sqlite.prepare('select name from kysely_migration').pluck().all(),
      Object.keys(migrations).sort(),
    );
    sqlite.close();
  });

  it('migrates a new file once when two stores open it at the same time', async () => {
    const file = newFile();
    const stores = await Promise.all([openSqliteStore(file), openSqliteStore(file), openSqliteStore(file)]);
    await stores[0]!.createRun(runRecord('shared'));
    assert.equal((await stores[2]!.getRun('shared'))?.id, 'shared');
    await Promise.all(stores.map((store) => store.close()));
  });

  it('opens read-only: reads work, writes are refused, nothing is created', async () => {
    const file = newFile();
    const writer = await openSqliteStore(file);
    await writer.createRun(runRecord('r'));
    await writer.putCompletion('k', cachedCompletion());
    await writer.close();
    const reader = await openSqliteStore(file, { readonly: true });
    assert.equal((await reader.getRun('r'))?.id, 'r');
    assert.equal((await reader.getCompletion('k'))?.text, 'Final answer: B');
    await assert.rejects(reader.createRun(runRecord('r2')), /read-only/);
    await assert.rejects(reader.putCompletion('k2', cachedCompletion()), StoreError);
    await assert.rejects(reader.addUnits('r', [{ questionId: 'q', protocol: 'du', seed: 1 }]), StoreError);
    await reader.close();
    await assert.rejects(openSqliteStore(join(root, 'absent.db'), { readonly: true }), (error: unknown) => {
      assert.ok(error instanceof StoreError);
      assert.match(error.message, /absent\.db/);
      return true;
    });
  });

  it('refuses a file that is not a database, with a hint', async () => {
    const file = join(root, 'not-a-db.db');
    writeFileSync(file, 'this is not SQLite '.repeat(100));
    await assert.rejects(openSqliteStore(file), (error: unknown) => {
      assert.ok(error instanceof StoreError);
      assert.match(error.message, /not-a-db\.db/);
      assert.match(error.hint ?? '', /not a quorum store/);
      return true;
    });
  });

  it('refuses a store written by a newer quorum', async () => {
    const file = newFile();
    await (await openSqliteStore(file)).close();
    const sqlite = new Sqlite(file);
    sqlite.prepare("insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01')").run();
    sqlite.close();
    await assert.rejects(openSqliteStore(file), /9999-from-the-future/);
    await assert.rejects(openSqliteStore(file, { readonly: true }), /9999-from-the-future/);
  });

  it('creates missing folders of a new store file', async () => {
    const store = await openSqliteStore(join(root, 'nested', 'deeper', 'runs.db'));
    await store.close();
  });

  it('reports a full disk with a hint and keeps the unit pending', async () => {
    const file = newFile();
    const { sqlite, db } = await migratedDatabase(file);
    const store = new SqliteTraceStore(sqlite, db);
    await store.createRun(runRecord('full'));
    const [id] = await store.addUnits('full', [{ questionId: 'q', protocol: 'du', seed: 1 }]);
    // Cap the file at its current size: the next write fails with SQLITE_FULL.
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
    const huge = unitResult();
    const turn = huge.events[0]!;
    // random text: the store compresses payloads, and a repeated character would shrink to a few bytes
    const events = [{ ...turn, text: randomBytes(1_500_000).toString('base64') } as typeof turn, ...huge.events.slice(1)];
    await assert.rejects(store.completeUnit(id!, { ...huge, events }), (error: unknown) => {
      assert.ok(error instanceof StoreError);
      assert.match(error.message, new RegExp(`storing unit ${id}`));
      assert.match(error.hint ?? '', /disk is full/);
      return true;
    });
    assert.equal((await store.getUnit(id!))?.status, 'pending');
    assert.deepEqual(await store.getEvents(id!), []);
    await store.close();
  });

  it('commits the cache entries of one turn together: a resolved put is readable from another connection', async () => {
    const file = newFile();
    const writer = await openSqliteStore(file);
    const other = await openSqliteStore(file);
    const puts = Array.from({ length: 20 }, (_, index) => writer.putCompletion(`k${index}`, cachedCompletion(`reply ${index}`)));
    // Not committed yet, but already what this store answers; the other connection does not see it.
    assert.equal((await writer.getCompletion('k7'))?.text, 'reply 7');
    assert.equal(await other.getCompletion('k7'), undefined);
    await Promise.all(puts);
    for (const index of [0, 7, 19]) assert.equal((await other.getCompletion(`k${index}`))?.text, `reply ${index}`);
    // The first value of a key wins, within a batch as in the table.
    await Promise.all([writer.putCompletion('dup', cachedCompletion('first')), writer.putCompletion('dup', cachedCompletion('second'))]);
    await writer.putCompletion('dup', cachedCompletion('third'));
    assert.equal((await other.getCompletion('dup'))?.text, 'first');
    await other.close();
    await writer.close();
  });

  it('rejects every writer of a batch that cannot be committed, and keeps what was stored', async () => {
    const file = newFile();
    const { sqlite, db } = await migratedDatabase(file);
    const store = new SqliteTraceStore(sqlite, db);
    await store.putCompletion('kept', cachedCompletion('kept'));
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
    const results = await Promise.allSettled([store.putCompletion('a', cachedCompletion(randomBytes(750_000).toString('base64'))), store.putCompletion('b', cachedCompletion())]);
    for (const result of results) {
      assert.equal(result.status, 'rejected');
      assert.ok(result.reason instanceof StoreError);
      assert.match(result.reason.message, /writing the completion cache/);
      assert.match(result.reason.hint ?? '', /disk is full/);
    }
    assert.equal(await store.getCompletion('a'), undefined);
    assert.equal((await store.getCompletion('kept'))?.text, 'kept');
    await store.close();
  });

  it('commits entries still waiting when the store is closed', async () => {
    const file = newFile();
    const writer = await openSqliteStore(file);
    const put = writer.putCompletion('late', cachedCompletion('late'));
    await writer.close();
    await put;
    const reader = await openSqliteStore(file, { readonly: true });
    assert.equal((await reader.getCompletion('late'))?.text, 'late');
    await reader.close();
  });
});

describe('openStore', () => {
  it('opens SQLite from a path or a sqlite: location', async () => {
    for (const location of [newFile(), `sqlite:${newFile()}`, `sqlite://${newFile()}`, 'sqlite::memory:', ':memory:']) {
      const store = await openStore(location);
      assert.equal(store.kind, 'sqlite');
      await store.createRun(runRecord('r'));
      assert.equal((await store.getRun('r'))?.id, 'r');
      await store.close();
    }
  });

  it('passes the read-only option through', async () => {
    const file = newFile();
    await (await openStore(file)).close();
    const store = await openStore(`sqlite:${file}`, { readonly: true });
    await assert.rejects(store.createRun(runRecord('r')), /read-only/);
    await store.close();
  });

  it('hands postgres:// locations to the PostgreSQL store without echoing secrets', async () => {
    // Nothing listens on port 1: the PostgreSQL store reports the refused connection (test/store/postgres-store.test.ts).
    await assert.rejects(openStore('postgres://user:secret@127.0.0.1:1/quorum'), (error: unknown) => {
      assert.ok(error instanceof StoreError);
      assert.match(error.message, /PostgreSQL/);
      assert.doesNotMatch(`${error.message} ${error.hint}`, /secret/);
      return true;
    });
    await assert.rejects(openStore('postgresql://127.0.0.1:1/quorum'), StoreError);
  });

  it('refuses unknown schemes and empty locations without echoing secrets', async () => {
    await assert.rejects(openStore('mysql://root:hunter2@db/quorum'), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /mysql:/);
      assert.doesNotMatch(`${error.message} ${error.hint}`, /hunter2/);
      return true;
    });
    await assert.rejects(openStore('  '), ConfigError);
  });
});

describe('unitId', () => {
  it('is deterministic, short and specific to run and key', () => {
    const key = { questionId: 'q1', protocol: 'gdp', seed: 3 };
    assert.equal(unitId('run', key), unitId('run', { ...key }));
    assert.match(unitId('run', key), /^u_[0-9a-f]{20}$/);
    const others = [unitId('run2', key), unitId('run', { ...key, seed: 4 }), unitId('run', { ...key, protocol: 'du' }), unitId('run', { ...key, questionId: 'q2' })];
    assert.equal(new Set([unitId('run', key), ...others]).size, 5);
    // Field boundaries are part of the hash: ("a b", "c") and ("a", "b c") differ.
    assert.notEqual(unitId('a', { questionId: 'b|c', protocol: 'd', seed: 1 }), unitId('a|b', { questionId: 'c', protocol: 'd', seed: 1 }));
  });
});
