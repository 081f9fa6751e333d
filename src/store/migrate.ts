import { Migrator, sql, type Kysely } from 'kysely';
import { StoreError } from '../spec/errors.js';
import { migrations } from './migrations/migrations.js';
import type { Database } from './schema.js';

const UPGRADE_HINT = 'the store was probably written by a newer quorum version: upgrade quorum, or use another store file';

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) } });
}

/**
 * Brings the schema up to date. Safe to call on every open: applied
 * migrations are skipped. Throws `StoreError` naming the failed migration.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  const message = error instanceof Error ? error.message : String(error);
  throw new StoreError(
    failed === undefined ? `cannot migrate the store: ${message}` : `store migration ${failed} failed: ${message}`,
    message.includes('corrupted migrations') ? UPGRADE_HINT : 'nothing was changed by the failed migration where the database supports transactional DDL; check the database and retry',
    error,
  );
}

/**
 * Checks, without writing, that the schema is exactly the one this code
 * knows: used for read-only stores, which cannot migrate themselves.
 */
export async function assertSchemaCurrent(db: Kysely<Database>): Promise<void> {
  const known = await migrator(db).getMigrations();
  const missing = known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  if (missing.length > 0) {
    throw new StoreError(
      `the store's schema is out of date (missing ${missing.join(', ')}) and it was opened read-only`,
      'open it once read-write (any quorum command that writes) to upgrade it, or check the path',
    );
  }
  // kysely's own bookkeeping table, which is not part of `Database`.
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const unknown = applied.rows.map((row) => row.name).filter((name) => !(name in migrations));
  if (unknown.length > 0) throw new StoreError(`the store has migrations this quorum does not know (${unknown.join(', ')})`, UPGRADE_HINT);
}
