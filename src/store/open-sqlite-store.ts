import { resolve } from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { kysely } from './kysely-runtime.js';
import { StoreError } from '../spec/errors.js';
import type { Clock } from '../util/clock.js';
import { MIGRATION_NAMES } from './migrations/migration-names.js';
import type { Database } from './schema.js';
import { assertNotForeign, describeBadFile, prepareSqlitePath } from './sqlite-file-check.js';
import { createFreshSchema, isEmptyDatabase } from './sqlite-fresh-schema.js';
import { SqliteTraceStore, sqliteCode } from './sqlite-trace-store.js';

/** Options of `openSqliteStore`. */
export interface SqliteStoreOptions {
  /** Open without writing anything (no migration; writes throw `StoreError`). The file must exist. */
  readonly?: boolean;
  /** How long to wait for another process's write lock, in milliseconds (default 10,000). */
  busyTimeoutMs?: number;
  /** Source of cache entry times. */
  clock?: Clock;
}

/**
 * Opens (creating if needed) a SQLite store and brings its schema up to
 * date. `file` is a path, or `:memory:` for a private in-memory store.
 * Several processes may open the same file: WAL lets readers run beside
 * one writer, and `busy_timeout` makes writers queue instead of failing.
 */
export async function openSqliteStore(file: string, options: SqliteStoreOptions = {}): Promise<SqliteTraceStore> {
  const readonly = options.readonly ?? false;
  const { sqlite, created } = openDatabase(file, readonly);
  try {
    // busy_timeout first: the pragmas below may already need the lock.
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 10_000))}`);
    // before WAL mode is set, which rewrites the file's header
    if (file !== ':memory:' && file !== '') assertNotForeign(sqlite, file);
    // A file this call created holds nothing yet: its switch to WAL and its
    // schema are written without fsync (about 20 ms of wall on a new store,
    // in the rollback journal's syncs and the new WAL's header sync), and
    // NORMAL applies before anything else is written.
    if (created) sqlite.pragma('synchronous = OFF');
    if (!readonly) {
      sqlite.pragma('journal_mode = WAL');
      // With WAL, NORMAL is durable across application crashes and only
      // risks the last transactions on power loss, for far fewer fsyncs.
      if (!created) sqlite.pragma('synchronous = NORMAL');
    }
    sqlite.pragma('foreign_keys = ON');
    const storeOptions = { readonly, ...(options.clock === undefined ? {} : { clock: options.clock }) };
    const connect = (): Kysely<Database> => {
      const { Kysely, SqliteDialect } = kysely();
      return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    };
    // A current schema (the common case) is checked with one native query; kysely is then loaded only when a portable query needs it.
    const current = hasExactlyKnownMigrations(sqlite);
    // A new file gets the migrations' end state natively (as `quorum run` on a new --db does), unless this process is migrating it through kysely.
    const fresh = !current && !readonly && isEmptyDatabase(sqlite) && !migrating.has(migrationKey(file)) && createFreshSchema(sqlite, MIGRATION_NAMES, options.clock);
    // the new file's schema is committed (or another connection made it): every later write is synced as NORMAL says
    if (created) sqlite.pragma('synchronous = NORMAL');
    if (current || fresh) return new SqliteTraceStore(sqlite, connect, storeOptions);
    const db = connect();
    // the migrations (and kysely's migrator) are imported only when a store is out of date or newer than this code
    if (readonly) await (await import('./migrate.js')).assertSchemaCurrent(db);
    else await migrateExclusively(file, sqlite, db);
    return new SqliteTraceStore(sqlite, db, storeOptions);
  } catch (error) {
    sqlite.close();
    if (error instanceof StoreError) throw error;
    throw cannotOpen(file, error);
  }
}

/** Opens the file; `created` when this call made it (a writable store whose file was missing). */
function openDatabase(file: string, readonly: boolean): { sqlite: Sqlite.Database; created: boolean } {
  try {
    const missing = file !== ':memory:' && file !== '' && prepareSqlitePath(file, readonly);
    return { sqlite: new Sqlite(file, { readonly, fileMustExist: readonly }), created: missing && !readonly };
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw cannotOpen(file, error);
  }
}

/**
 * True when the store has applied exactly the migrations this code knows
 * (no pending one, no unknown one): the state in which `migrateLocked`
 * does nothing and `assertSchemaCurrent` passes. Anything else takes the
 * kysely path, which migrates or explains.
 */
function hasExactlyKnownMigrations(sqlite: Sqlite.Database): boolean {
  const table = sqlite.prepare<[], number>("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").pluck().get();
  if (table === undefined) return false;
  const applied = new Set(sqlite.prepare<[], string>('select name from kysely_migration').pluck().all());
  return applied.size === MIGRATION_NAMES.length && MIGRATION_NAMES.every((name) => applied.has(name));
}

/** Migrations in progress in this process, by file: later opens of the same file wait their turn. */
const migrating = new Map<string, Promise<unknown>>();

/**
 * kysely does not lock migrations on SQLite (it assumes one connection),
 * so two processes opening a new file at once could both create tables.
 * An IMMEDIATE transaction around the migrator serialises processes: the
 * second waits for the lock, then finds nothing left to do. Within one
 * process the opens are chained instead, because better-sqlite3 waits for
 * a lock synchronously and would block the very event loop that has to
 * finish the first migration. Skipped when the schema is current, so
 * opening a busy store does not queue for the write lock.
 */
async function migrateExclusively(file: string, sqlite: Sqlite.Database, db: Kysely<Database>): Promise<void> {
  // In-memory and temporary databases are private to their connection.
  if (file === ':memory:' || file === '') return migrateLocked(sqlite, db);
  const key = migrationKey(file);
  const previous = migrating.get(key) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(() => migrateLocked(sqlite, db));
  migrating.set(key, current);
  try {
    await current;
  } finally {
    if (migrating.get(key) === current) migrating.delete(key);
  }
}

/** The key of `migrating`: the file's absolute path (private databases have none to share). */
function migrationKey(file: string): string {
  return file === ':memory:' || file === '' ? file : resolve(file);
}

async function migrateLocked(sqlite: Sqlite.Database, db: Kysely<Database>): Promise<void> {
  const { migrateToLatest, schemaState } = await import('./migrate.js');
  const state = await schemaState(db);
  if (state.pending.length === 0 && state.unknown.length === 0) return;
  sqlite.exec('begin immediate');
  try {
    await migrateToLatest(db);
    sqlite.exec('commit');
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    throw error;
  }
}

function cannotOpen(file: string, error: unknown): StoreError {
  const message = error instanceof Error ? error.message : String(error);
  const code = sqliteCode(error);
  if ((code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') && file !== ':memory:' && file !== '') {
    const bad = describeBadFile(file);
    return new StoreError(`cannot open SQLite store ${file}: ${bad.message}`, bad.hint, error);
  }
  const hint =
    code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT'
      ? 'the file is not a quorum store (not a SQLite database): check the path'
      : code === 'SQLITE_CANTOPEN'
        ? 'check that the file exists (read-only stores are never created) and that its folder is accessible'
        : 'check the store path and its permissions';
  return new StoreError(`cannot open SQLite store ${file}: ${message}`, hint, error);
}
