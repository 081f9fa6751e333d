import type { Kysely } from 'kysely';
import { QuorumError, StoreError } from '../../spec/errors.js';
import { KyselyTraceStore, type KyselyTraceStoreOptions } from '../kysely-trace-store.js';
import type { Database } from '../schema.js';

/**
 * Hints for the PostgreSQL failures a person can act on, by SQLSTATE class
 * (first two characters) or full code. Node's socket errors (ECONNREFUSED…)
 * are matched by their `code` too.
 */
const POSTGRES_HINTS: Readonly<Record<string, string>> = {
  '08': 'the connection to PostgreSQL failed or was lost: check that the server is up and reachable; finished units are kept',
  '28': 'PostgreSQL refused the credentials: check the user name, and PGPASSWORD or ~/.pgpass on this machine',
  '3D': 'the database does not exist: create it (createdb) or fix the URL',
  '3F': 'the schema does not exist: open the store read-write once to create it, or fix ?schema=',
  '42501': 'the PostgreSQL role lacks a privilege on quorum\'s tables: grant it, or use the role that created the store',
  '25006': 'the store was opened read-only (or the server is a read-only replica): open it read-write on the primary',
  '53100': 'the database server\'s disk is full: free space; finished units are kept and the run can continue',
  '53300': 'PostgreSQL has no free connections: lower ?pool= or the number of workers, or raise max_connections',
  '57P01': 'the PostgreSQL server shut down: restart it; workers retry the unit',
  '57P03': 'the PostgreSQL server is starting up: retry in a moment',
  ECONNREFUSED: 'nothing listens at that host and port: start PostgreSQL, or fix the URL',
  ENOTFOUND: 'the host name does not resolve: fix the URL',
  ETIMEDOUT: 'the server did not answer in time: check the network and firewall',
  ECONNRESET: 'the server closed the connection: check its log; workers retry the unit',
};

/** The SQLSTATE (or socket error code) of a `pg` error. */
export function postgresCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The hint for a `pg` error, if one is known. */
export function postgresHint(error: unknown): string | undefined {
  const code = postgresCode(error);
  if (code === undefined) return undefined;
  return POSTGRES_HINTS[code] ?? POSTGRES_HINTS[code.slice(0, 2)];
}

/**
 * `TraceStore` on PostgreSQL through kysely's PostgresDialect and a `pg`
 * pool. Every query is the portable code of `KyselyTraceStore`; nothing
 * needs PostgreSQL-specific SQL, because the shared code already relies on
 * what makes it safe with many writers:
 *
 * - `completeUnit` is `UPDATE … WHERE status = 'pending'` plus the event
 *   inserts in one transaction. Of two workers completing the same unit,
 *   the second waits for the first's row lock, re-checks the WHERE clause
 *   (read committed) and updates nothing, so it stores nothing;
 * - `addUnits` and the completion cache insert with `ON CONFLICT DO
 *   NOTHING`, so concurrent planners and concurrent cache fills of one key
 *   never fail and the first value wins;
 * - 64-bit columns (`seed`, `position`) and `count(*)` come back from `pg`
 *   as strings and are read through `Number()` (row-mapping.ts).
 *
 * What differs is the error reporting: driver errors get hints by SQLSTATE.
 */
export class PostgresTraceStore extends KyselyTraceStore {
  /** Use `openPostgresStore`, which connects, migrates and sets the schema first. */
  constructor(
    db: Kysely<Database>,
    private readonly display: string,
    options: KyselyTraceStoreOptions = {},
  ) {
    super('postgres', db, options);
  }

  protected override failure(action: string, error: unknown): Error {
    if (error instanceof QuorumError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new StoreError(`${action} in ${this.display}: ${message}`, postgresHint(error) ?? 'check that the database is reachable and writable, then retry', error);
  }
}
