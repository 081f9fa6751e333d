import { kysely } from '../kysely-runtime.js';
import pg from 'pg';
import { QuorumError, StoreError } from '../../spec/errors.js';
import type { Clock } from '../../util/clock.js';
import type { Database } from '../schema.js';
import { assertPostgresSchemaCurrent, migratePostgres } from './migrate-postgres.js';
import { parsePostgresLocation } from './postgres-location.js';
import { postgresHint, PostgresTraceStore } from './postgres-trace-store.js';

/** Options of `openPostgresStore`. */
export interface PostgresStoreOptions {
  /** Open without writing anything: no schema is created or migrated, and every write is refused. */
  readonly?: boolean;
  /** Connections in the pool (default: `?pool=` of the URL, else 10). */
  poolSize?: number;
  /** Source of cache entry times. */
  clock?: Clock;
}

const DEFAULT_POOL_SIZE = 10;

/**
 * Opens a PostgreSQL store (`postgres://user@host:5432/db[?schema=name]`),
 * creating the schema and migrating it on first use. Any number of
 * processes on any number of machines may open the same store at once:
 * migrations are serialised by an advisory lock (see `migratePostgres`).
 * Passwords come from the URL, `PGPASSWORD` or `~/.pgpass`, and are never
 * repeated in errors.
 */
export async function openPostgresStore(location: string, options: PostgresStoreOptions = {}): Promise<PostgresTraceStore> {
  const parsed = parsePostgresLocation(location);
  const readonly = options.readonly ?? false;
  const settings = [
    // Unquoted on purpose: parsePostgresLocation admits plain identifiers only.
    ...(parsed.schema === undefined ? [] : [`-c search_path=${parsed.schema}`]),
    // A second line of defence behind the store's own read-only checks.
    ...(readonly ? ['-c default_transaction_read_only=on'] : []),
  ];
  const pool = new pg.Pool({
    connectionString: parsed.connectionString,
    max: options.poolSize ?? parsed.poolSize ?? DEFAULT_POOL_SIZE,
    ...(settings.length === 0 ? {} : { options: settings.join(' ') }),
    application_name: 'quorum',
  });
  // An idle connection dropped by the server emits 'error' on the pool;
  // unhandled, it would crash the process. The next query reports it instead.
  pool.on('error', () => undefined);
  // A connection checked out by kysely has no listener of the pool's: when
  // the server goes away mid-query (a restart), `pg` rejects the query AND
  // emits 'error' on the client, which would end the process with a stack
  // trace. The rejected query carries the error (with its hint); the pool
  // drops the dead connection when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const { Kysely, PostgresDialect, sql } = kysely();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
    if (readonly) await assertPostgresSchemaCurrent(db);
    else await migratePostgres(db, parsed.schema);
    return new PostgresTraceStore(db, pool, parsed.display, { readonly, ...(options.clock === undefined ? {} : { clock: options.clock }) });
  } catch (error) {
    await db.destroy().catch(() => undefined);
    if (error instanceof QuorumError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new StoreError(`cannot open PostgreSQL store ${parsed.display}: ${message}`, postgresHint(error) ?? 'check the URL, and that the server is up and accepts this user', error);
  }
}
