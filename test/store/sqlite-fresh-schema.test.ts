/**
 * A new SQLite store is created from `SQLITE_SCHEMA` instead of through
 * kysely's migrator (so `quorum run` on a new file loads no kysely). These
 * tests hold the two paths to the same result: the statements are exactly
 * what the migrations leave in `sqlite_master`, and a store created
 * natively is one that kysely's migrator finds up to date.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest, schemaState } from '../../src/store/migrate.js';
import { MIGRATION_NAMES } from '../../src/store/migrations/migration-names.js';
import { migrations } from '../../src/store/migrations/migrations.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import type { Database } from '../../src/store/schema.js';
import { createFreshSchema, SQLITE_SCHEMA } from '../../src/store/sqlite-fresh-schema.js';
import { runRecord } from '../../src/testing/trace-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-fresh-schema-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Every schema object of a database, as SQLite keeps it (automatic indexes included, by name). */
function schemaOf(sqlite: Sqlite.Database): Array<{ type: string; name: string; tbl_name: string; sql: string | null }> {
  return sqlite.prepare<[], { type: string; name: string; tbl_name: string; sql: string | null }>('select type, name, tbl_name, sql from sqlite_master order by type, name').all();
}

/** A database migrated by kysely's migrator, as stores were created before. */
async function migratedByKysely(file: string): Promise<Sqlite.Database> {
  const sqlite = new Sqlite(file);
  await migrateToLatest(new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }));
  return sqlite;
}

describe('SQLite store created without kysely', () => {
  it('SQLITE_SCHEMA is what the migrations create, statement for statement', async () => {
    const sqlite = await migratedByKysely(':memory:');
    const created = sqlite.prepare<[], string>('select sql from sqlite_master where sql is not null order by rowid').pluck().all();
    sqlite.close();
    assert.deepEqual(
      [...SQLITE_SCHEMA],
      created,
      `a migration changed the schema: replace SQLITE_SCHEMA in src/store/sqlite-fresh-schema.ts with\n${created.map((statement) => `  \`${statement}\`,`).join('\n')}`,
    );
  });

  it('MIGRATION_NAMES names every migration, in order', () => {
    assert.deepEqual([...MIGRATION_NAMES], Object.keys(migrations));
  });

  it('a new file gets the same schema and migration records as kysely would write, and kysely finds nothing to do', async () => {
    const native = join(dir, 'native.db');
    const store = await openSqliteStore(native);
    await store.createRun(runRecord('r1'));
    await store.close();
    const byKysely = await migratedByKysely(join(dir, 'kysely.db'));
    const sqlite = new Sqlite(native);
    assert.deepEqual(schemaOf(sqlite), schemaOf(byKysely));
    assert.deepEqual(sqlite.prepare('select name from kysely_migration order by name').pluck().all(), Object.keys(migrations).sort());
    assert.ok(sqlite.prepare<[], string>('select timestamp from kysely_migration').pluck().all().every((timestamp) => !Number.isNaN(Date.parse(timestamp))));
    assert.deepEqual(sqlite.prepare('select id, is_locked from kysely_migration_lock').all(), byKysely.prepare('select id, is_locked from kysely_migration_lock').all());
    byKysely.close();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    assert.deepEqual(await schemaState(db), { pending: [], unknown: [] });
    await migrateToLatest(db);
    assert.deepEqual(sqlite.prepare('select id from runs').pluck().all(), ['r1'], 'the store works and keeps its run');
    await db.destroy();
  });

  it('creates nothing in a database that already has a table (another connection got there first)', () => {
    const sqlite = new Sqlite(':memory:');
    sqlite.exec('create table other (x)');
    assert.equal(createFreshSchema(sqlite, Object.keys(migrations)), false);
    assert.deepEqual(sqlite.prepare("select name from sqlite_master where type = 'table'").pluck().all(), ['other']);
    assert.equal(sqlite.inTransaction, false);
    sqlite.close();
  });
});
