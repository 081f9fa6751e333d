import type { Kysely, Migrator } from 'kysely';
import { kysely } from './kysely-runtime.js';
import { StoreError } from '../spec/errors.js';
import { migrations } from './migrations/migrations.js';
import type { Database } from './schema.js';

const UPGRADE_HINT = 'the store was written by a newer quorum version: upgrade quorum, or use another store';

function migrator(db: Kysely<Database>): Migrator {
  return new (kysely().Migrator)({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
}

/** How a database's schema compares with the migrations this code knows. */
export interface SchemaState {
  /** Known migrations not yet applied (all of them for an empty database). */
  pending: string[];
  /** Applied migrations this code does not know: the store is newer than the code. */
  unknown: string[];
}

/** Reads the schema state without writing anything. */
export async function schemaState(db: Kysely<Database>): Promise<SchemaState> {
  const known = await migrator(db).getMigrations();
  const pending = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  if (pending.length === known.length) return { pending, unknown: [] };
  // kysely's own bookkeeping table, which is not part of `Database`.
  const applied = await kysely().sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return { pending, unknown: applied.rows.map((row) => row.name).filter((name) => !(name in migrations)) };
}

/**
 * Brings the schema up to date. Safe to call on every open: applied
 * migrations are skipped. Throws `StoreError` naming the failed migration.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  assertNotNewer(await schemaState(db));
  const { error, results } = await migrator(db).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  const message = error instanceof Error ? error.message : String(error);
  throw new StoreError(
    failed === undefined ? `cannot migrate the store: ${message}` : `store migration ${failed} failed: ${message}`,
    'the failed migration was rolled back; check that the database is writable and retry',
    error,
  );
}

/**
 * Checks, without writing, that the schema is exactly the one this code
 * knows: used for read-only stores, which cannot migrate themselves.
 */
export async function assertSchemaCurrent(db: Kysely<Database>): Promise<void> {
  const state = await schemaState(db);
  assertNotNewer(state);
  if (state.pending.length > 0) {
    throw new StoreError(
      `the store's schema is out of date (missing ${state.pending.join(', ')}) and it was opened read-only`,
      'open it once read-write (any quorum command that writes) to upgrade it, or check the path',
    );
  }
}

function assertNotNewer(state: SchemaState): void {
  if (state.unknown.length > 0) {
    throw new StoreError(`the store has schema migrations this quorum does not know (${state.unknown.join(', ')})`, UPGRADE_HINT);
  }
}
