import type { Kysely } from 'kysely';
import type pg from 'pg';
import { QuorumError, StoreError } from '../../spec/errors.js';
import type { CachedCompletion, UnitGroup, UnitResult } from '../../spec/store.js';
import type { TraceEvent } from '../../spec/trace.js';
import { isoNow } from '../../util/clock.js';
import { encodeUnitResult } from '../encode-unit-result.js';
import { joinMessages, referencedHashes } from '../message-bodies.js';
import { KyselyTraceStore, missingUnit, type KyselyTraceStoreOptions } from '../kysely-trace-store.js';
import type { Database } from '../schema.js';
import { toUnitGroup, type UnitGroupRow } from '../unit-groups.js';

/**
 * A unit's completion as one statement: the guarded status update, then
 * its message bodies and events (as parallel arrays) inserted only if the
 * update took the unit. One statement is one transaction and one round trip instead of
 * four (begin, update, insert, commit).
 */
const COMPLETE_UNIT = `with updated as (
  update units set status = $2, summary = $3, finished_at = $4 where id = $1 and status = 'pending' returning id
), inserted as (
  insert into events (unit_id, seq, type, agent, round, payload)
  select updated.id, event.seq, event.type, event.agent, event.round, event.payload
  from updated cross join unnest($5::integer[], $6::text[], $7::text[], $8::integer[], $9::text[]) as event (seq, type, agent, round, payload)
), bodies as (
  insert into message_bodies (hash, body)
  select message.hash, message.body
  from updated cross join unnest($10::text[], $11::text[]) as message (hash, body)
  on conflict (hash) do nothing
)
select (select count(*) from updated)::integer as updated, exists (select 1 from units where id = $1) as present`;

/** A run's units counted in the database: each summary is cast to jsonb once, in the inner select. */
const UNIT_GROUPS = `select protocol, seed, status, summary ->> 'answerStatus' as answer_status, (summary ->> 'correct')::boolean as correct,
  (summary ->> 'unanimous')::boolean as unanimous, count(*) as count, min(position) as first_position
from (select protocol, seed, status, position, summary::jsonb as summary from units where run_id = $1) as unit
group by protocol, seed, status, answer_status, correct, unanimous
order by first_position`;

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
 * pool, safe with many writers on many machines:
 *
 * - `completeUnit` is one statement: `UPDATE … WHERE status = 'pending'`
 *   and, only if that took the unit, its event inserts. Of two workers
 *   completing the same unit, the second waits for the first's row lock,
 *   re-checks the WHERE clause (read committed) and updates nothing, so it
 *   stores nothing;
 * - `addUnits` and the completion cache insert with `ON CONFLICT DO
 *   NOTHING`, so concurrent planners and concurrent cache fills of one key
 *   never fail and the first value wins;
 * - 64-bit columns (`seed`, `position`) and `count(*)` come back from `pg`
 *   as strings and are read through `Number()` (row-mapping.ts).
 *
 * General queries are the portable code of `KyselyTraceStore`. The hot
 * paths of a worker — completing a unit, reading its events, the
 * completion cache — go to the `pg` pool directly as named statements
 * (prepared once per connection), as SQLite's store uses prepared
 * statements: a unit makes two cache round trips per model call, and
 * kysely's per-query compilation was a visible share of each. Driver
 * errors get hints by SQLSTATE.
 */
export class PostgresTraceStore extends KyselyTraceStore {
  /** Use `openPostgresStore`, which connects, migrates and sets the schema first. */
  constructor(
    db: Kysely<Database>,
    private readonly pool: pg.Pool,
    private readonly display: string,
    options: KyselyTraceStoreOptions = {},
  ) {
    super('postgres', db, options);
  }

  override async completeUnit(id: string, result: UnitResult): Promise<boolean> {
    this.assertWritable();
    const encoded = encodeUnitResult(id, result);
    const { events } = encoded;
    const outcome = await this.guard(`storing unit ${id}`, () =>
      this.pool.query<{ updated: number; present: boolean }>({
        name: 'quorum-complete-unit',
        text: COMPLETE_UNIT,
        values: [
          id,
          encoded.status,
          encoded.summary,
          encoded.finishedAt,
          events.map((event) => event.seq),
          events.map((event) => event.type),
          events.map((event) => event.agent),
          events.map((event) => event.round),
          events.map((event) => event.payload),
          encoded.messageBodies.map((message) => message.hash),
          encoded.messageBodies.map((message) => message.body),
        ],
      }),
    );
    const row = outcome.rows[0];
    if (row === undefined || !row.present) throw missingUnit(id);
    return row.updated === 1;
  }

  override async countUnitGroups(runId: string): Promise<UnitGroup[]> {
    const result = await this.guard(`counting units of run ${runId}`, () => this.pool.query<UnitGroupRow>({ name: 'quorum-unit-groups', text: UNIT_GROUPS, values: [runId] }));
    return result.rows.map(toUnitGroup);
  }

  override async getEvents(id: string): Promise<TraceEvent[]> {
    const result = await this.guard(`reading events of unit ${id}`, () =>
      this.pool.query<{ payload: string }>({ name: 'quorum-events', text: 'select payload from events where unit_id = $1 order by seq', values: [id] }),
    );
    // Events were validated when written; parsing them again would only cost time.
    const events = result.rows.map((row) => JSON.parse(row.payload) as unknown);
    const hashes = referencedHashes(events);
    if (hashes.length === 0) return events as TraceEvent[];
    const bodies = await this.guard(`reading the messages of unit ${id}`, () =>
      this.pool.query<{ hash: string; body: string }>({ name: 'quorum-message-bodies', text: 'select hash, body from message_bodies where hash = any($1::text[])', values: [hashes] }),
    );
    return joinMessages(id, events, new Map(bodies.rows.map((row) => [row.hash, row.body])));
  }

  override async getCompletion(key: string): Promise<CachedCompletion | undefined> {
    const result = await this.guard('reading the completion cache', () =>
      this.pool.query<{ value: string }>({ name: 'quorum-get-completion', text: 'select value from completions where key = $1', values: [key] }),
    );
    const row = result.rows[0];
    return row === undefined ? undefined : (JSON.parse(row.value) as CachedCompletion);
  }

  override async putCompletion(key: string, value: CachedCompletion): Promise<void> {
    this.assertWritable();
    await this.guard('writing the completion cache', () =>
      this.pool.query({
        name: 'quorum-put-completion',
        text: 'insert into completions (key, value, created_at) values ($1, $2, $3) on conflict (key) do nothing',
        values: [key, JSON.stringify(value), isoNow(this.clock)],
      }),
    );
  }

  protected override failure(action: string, error: unknown): Error {
    if (error instanceof QuorumError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new StoreError(`${action} in ${this.display}: ${message}`, postgresHint(error) ?? 'check that the database is reachable and writable, then retry', error);
  }
}
