import type { Kysely } from 'kysely';
import { kysely } from '../kysely-runtime.js';
import { StoreError } from '../../spec/errors.js';
import { migrations } from '../migrations/migrations.js';
import type { Database } from '../schema.js';

const UPGRADE_HINT = 'the store was written by a newer quorum version: upgrade quorum on this machine (every worker needs the same version)';

/**
 * Brings a PostgreSQL schema up to date, safely when many workers open the
 * store at once. The whole migration — creating the schema and kysely's
 * bookkeeping tables included — runs on one connection holding a session
 * advisory lock keyed by the schema: kysely locks only the migrations
 * themselves, and two concurrent `CREATE TABLE IF NOT EXISTS` can still
 * fail on PostgreSQL (a unique violation in `pg_type`). The second worker
 * waits for the lock, then finds nothing left to do. A killed process
 * loses the lock with its session, so it can never be left held.
 */
export async function migratePostgres(db: Kysely<Database>, schema: string | undefined): Promise<void> {
  const { Migrator, sql } = kysely();
  await db.connection().execute(async (connection) => {
    const lockKey = `quorum:migrate:${schema ?? ''}`;
    await sql`select pg_advisory_lock(hashtext(${lockKey}))`.execute(connection);
    try {
      if (schema !== undefined) await sql`create schema if not exists ${sql.id(schema)}`.execute(connection);
      const target = schema ?? (await currentSchema(connection));
      const applied = await appliedMigrations(connection);
      assertKnown(applied);
      if (Object.keys(migrations).every((name) => applied.includes(name))) return;
      // The bookkeeping tables are pinned to the target schema: unqualified,
      // kysely would find another schema's `kysely_migration` and skip ours.
      const migrator = new Migrator({ db: connection, provider: { getMigrations: async () => ({ ...migrations }) }, migrationTableSchema: target });
      const { error, results } = await retryWhileOtherSchemasVanish(() => migrator.migrateToLatest());
      if (error === undefined) return;
      const failed = results?.find((result) => result.status === 'Error')?.migrationName;
      const message = error instanceof Error ? error.message : String(error);
      throw new StoreError(
        failed === undefined ? `cannot migrate the store: ${message}` : `store migration ${failed} failed: ${message}`,
        'the failed migration was rolled back; check that the account may create tables in the schema, and retry',
        error,
      );
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${lockKey}))`.execute(connection);
    }
  });
}

/** PostgreSQL's "schema does not exist" (SQLSTATE 3F000). */
const INVALID_SCHEMA_NAME = '3F000';

/**
 * Runs a kysely migration, again when it failed only because another schema
 * of the database was dropped while kysely looked for its bookkeeping table:
 * kysely's table lookup calls `has_schema_privilege` on every schema it
 * lists, and a schema dropped between the listing and that call raises
 * 3F000. Our own schema was created (or found) under the advisory lock, so
 * that error is never about it; a failed migration is rolled back, so the
 * attempt can be repeated.
 */
export async function retryWhileOtherSchemasVanish<T extends { error?: unknown }>(migrate: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await migrate();
    const code = (outcome.error as { code?: unknown } | undefined)?.code;
    if (code !== INVALID_SCHEMA_NAME || attempt >= attempts) return outcome;
  }
}

/**
 * Checks, without writing, that the schema holds exactly the migrations
 * this code knows: read-only stores cannot migrate themselves.
 */
export async function assertPostgresSchemaCurrent(db: Kysely<Database>): Promise<void> {
  const applied = await appliedMigrations(db);
  assertKnown(applied);
  const missing = Object.keys(migrations).filter((name) => !applied.includes(name));
  if (missing.length === Object.keys(migrations).length) {
    throw new StoreError('this database (schema) holds no quorum store, and it was opened read-only', 'check the URL and its ?schema=, or open it once read-write to create the store');
  }
  if (missing.length > 0) {
    throw new StoreError(`the store's schema is out of date (missing ${missing.join(', ')}) and it was opened read-only`, 'open it once read-write (any quorum command that writes) to upgrade it');
  }
}

/** Names of the applied migrations in the search path's first schema; none when kysely's table is absent. */
async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const { sql } = kysely();
  // to_regclass follows the search path, like every unqualified query of the store.
  const table = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (table.rows[0]?.present !== true) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((row) => row.name);
}

async function currentSchema(db: Kysely<any>): Promise<string> {
  const { sql } = kysely();
  const result = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = result.rows[0]?.schema ?? null;
  if (schema === null) {
    throw new StoreError('the connection has no schema to create tables in (its search_path names no existing schema)', 'add ?schema=<name> to the store URL, or fix the role\'s search_path');
  }
  return schema;
}

function assertKnown(applied: readonly string[]): void {
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) throw new StoreError(`the store has schema migrations this quorum does not know (${unknown.join(', ')})`, UPGRADE_HINT);
}
