import type { Kysely } from 'kysely';
import { kysely } from './kysely-runtime.js';
import type { AuditQuestionQuery, AuditQuestionRecord, AuditRecord, AuditScoreRecord } from '../spec/audit-result.js';
import { QuorumError, StoreError } from '../spec/errors.js';
import type { VersionMix } from '../spec/run-config.js';
import type {
  CachedCompletion,
  RunListing,
  RunRecord,
  RunStatus,
  StudyRecord,
  StudyRunLink,
  StudyStatus,
  TraceStore,
  UnitCounts,
  UnitFailure,
  UnitGroup,
  UnitKey,
  UnitQuery,
  UnitRecord,
  UnitResult,
} from '../spec/store.js';
import type { TraceEvent } from '../spec/trace.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';
import { auditQuestionRows, auditRow, toAuditQuestionRecord, toAuditRecord, toAuditScoreRecord } from './audit-rows.js';
import { runRecordChecks, unitResultEncoder } from './lazy-validation.js';
import { joinMessages, referencedHashes } from './message-bodies.js';
import { unpackText, unpackUnitPayloads } from './stored-text.js';
import { addToCounts, emptyUnitCounts, toRunRecord, toUnitRecord } from './row-mapping.js';
import type { Database } from './schema.js';
import { unitId } from './unit-id.js';
import { groupUnitRows } from './unit-groups.js';

/** Options shared by the SQL stores. */
export interface KyselyTraceStoreOptions {
  /** Source of `created_at` times of cached completions. */
  clock?: Clock;
  /** Refuse every write with a clear error (the database may be read-only too). */
  readonly?: boolean;
}

/** Rows per multi-row INSERT (and ids per `IN` list): well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const INSERT_CHUNK = 500;

/** Sentinel "no limit" for OFFSET without LIMIT (SQLite cannot express it portably). */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

const RUN_STATUSES: readonly RunStatus[] = ['running', 'done', 'interrupted'];
const STUDY_STATUSES: readonly StudyStatus[] = ['running', 'done', 'interrupted'];

function toStudyRecord(row: { id: string; name: string; created_at: string; updated_at: string; status: string; note: string | null; config: string }): StudyRecord {
  return { id: row.id, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at, status: row.status as StudyStatus, note: row.note, config: JSON.parse(row.config) as Record<string, unknown> };
}

/**
 * `TraceStore` written once against kysely's query builder and the portable
 * schema, so it runs unchanged on any kysely dialect (SQLite, PostgreSQL).
 * SQL backends extend it and may replace hot paths with faster native code,
 * as `SqliteTraceStore` does. The schema must already be migrated.
 */
export class KyselyTraceStore implements TraceStore {
  readonly kind: string;
  /** The kysely instance, made on first use when the constructor was given a factory (see `db`). */
  #db: Kysely<Database> | undefined;
  readonly #connect: (() => Kysely<Database>) | undefined;
  protected readonly clock: Clock;
  protected readonly readonly: boolean;
  /** True once `close` was called; every later call fails with a clear error. */
  protected closed = false;

  /** `db` may be a factory: kysely is then loaded and connected only when a query needs it (`SqliteTraceStore` answers its common reads natively). */
  constructor(kind: string, db: Kysely<Database> | (() => Kysely<Database>), options: KyselyTraceStoreOptions = {}) {
    this.kind = kind;
    if (typeof db === 'function') this.#connect = db;
    else this.#db = db;
    this.clock = options.clock ?? systemClock;
    this.readonly = options.readonly ?? false;
  }

  async createRun(run: RunRecord): Promise<void> {
    this.assertWritable();
    assertRunStatus(run.status);
    (await runRecordChecks()).checkRunConfig(run);
    const result = await this.guard(`creating run ${run.id}`, () =>
      this.db
        .insertInto('runs')
        .values({ id: run.id, created_at: run.createdAt, status: run.status, config: JSON.stringify(run.config), code_version: run.config.codeVersion })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst(),
    );
    if (result.numInsertedOrUpdatedRows === 0n) throw duplicateRun(run.id);
  }

  async recordVersionMix(id: string, mix: VersionMix): Promise<void> {
    this.assertWritable();
    const checked = (await runRecordChecks()).checkedVersionMix(id, mix);
    // Read, append, write: a resume happens once per process start, so two writers racing here are not a case to design for.
    const run = await this.getRun(id);
    if (run === undefined) throw unknownRun(id);
    const config = { ...run.config, versionMix: [...(run.config.versionMix ?? []), checked] };
    await this.guard(`updating run ${id}`, () => this.db.updateTable('runs').set({ config: JSON.stringify(config) }).where('id', '=', id).executeTakeFirst());
  }

  async getRun(id: string): Promise<RunRecord | undefined> {
    const row = await this.guard(`reading run ${id}`, () => this.db.selectFrom('runs').selectAll().where('id', '=', id).executeTakeFirst());
    return row === undefined ? undefined : toRunRecord(row);
  }

  async listRuns(): Promise<RunListing[]> {
    return this.guard('listing runs', async () => {
      const runs = await this.db.selectFrom('runs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const groups = await this.db
        .selectFrom('units')
        .select(['run_id', 'status', (eb) => eb.fn.countAll().as('count')])
        .groupBy(['run_id', 'status'])
        .execute();
      const counts = new Map<string, UnitCounts>();
      for (const group of groups) {
        const runCounts = counts.get(group.run_id) ?? emptyUnitCounts();
        counts.set(group.run_id, addToCounts(runCounts, group.status, group.count));
      }
      return runs.map((row) => ({ ...toRunRecord(row), units: counts.get(row.id) ?? emptyUnitCounts() }));
    });
  }

  async setRunStatus(id: string, status: RunStatus): Promise<void> {
    this.assertWritable();
    assertRunStatus(status);
    const result = await this.guard(`updating run ${id}`, () =>
      this.db.updateTable('runs').set({ status }).where('id', '=', id).executeTakeFirst(),
    );
    if (result.numUpdatedRows === 0n) throw unknownRun(id);
  }

  async addUnits(runId: string, keys: readonly UnitKey[]): Promise<string[]> {
    this.assertWritable();
    const ids = keys.map((key) => unitId(runId, key));
    if (keys.length === 0) return ids;
    await this.guard(`planning units of run ${runId}`, () =>
      this.db.transaction().execute(async (trx) => {
        const run = await trx.selectFrom('runs').select('id').where('id', '=', runId).executeTakeFirst();
        if (run === undefined) throw missingRun(runId);
        const last = await trx
          .selectFrom('units')
          .select((eb) => eb.fn.max('position').as('position'))
          .where('run_id', '=', runId)
          .executeTakeFirst();
        const start = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
        const rows = newUnitRows(runId, keys, ids, start);
        for (let offset = 0; offset < rows.length; offset += INSERT_CHUNK) {
          await trx
            .insertInto('units')
            .values(rows.slice(offset, offset + INSERT_CHUNK))
            .onConflict((conflict) => conflict.doNothing())
            .execute();
        }
      }),
    );
    return ids;
  }

  async listUnits(runId: string, query: UnitQuery = {}): Promise<UnitRecord[]> {
    const { offset, limit } = checkPage(query);
    return this.guard(`listing units of run ${runId}`, async () => {
      let select = this.db.selectFrom('units').selectAll().where('run_id', '=', runId);
      if (query.status !== undefined) select = select.where('status', '=', query.status);
      const rows = await select
        .orderBy('position')
        .orderBy('id')
        .limit(limit ?? NO_LIMIT)
        .offset(offset)
        .execute();
      return rows.map(toUnitRecord);
    });
  }

  async getUnit(id: string): Promise<UnitRecord | undefined> {
    const row = await this.guard(`reading unit ${id}`, () => this.db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirst());
    return row === undefined ? undefined : toUnitRecord(row);
  }

  async countUnits(runId: string): Promise<UnitCounts> {
    const groups = await this.guard(`counting units of run ${runId}`, () =>
      this.db
        .selectFrom('units')
        .select(['status', (eb) => eb.fn.countAll().as('count')])
        .where('run_id', '=', runId)
        .groupBy('status')
        .execute(),
    );
    return groups.reduce((counts, group) => addToCounts(counts, group.status, group.count), emptyUnitCounts());
  }

  /** Portable: JSON functions differ between dialects, so the summaries are read and grouped here; backends override it with a `GROUP BY`. */
  async countUnitGroups(runId: string): Promise<UnitGroup[]> {
    const rows = await this.guard(`counting units of run ${runId}`, () =>
      this.db.selectFrom('units').select(['protocol', 'seed', 'status', 'position', 'summary']).where('run_id', '=', runId).orderBy('position').orderBy('id').execute(),
    );
    return groupUnitRows(rows);
  }

  async completeUnit(id: string, result: UnitResult): Promise<boolean> {
    this.assertWritable();
    const encoded = (await unitResultEncoder())(id, result);
    return this.guard(`storing unit ${id}`, () =>
      this.db.transaction().execute(async (trx) => {
        // The status guard is what makes storage exactly-once: of two
        // writers, only the first flips pending → done/failed; the other
        // changes nothing (PostgreSQL re-checks the WHERE after the row lock).
        const updated = await trx
          .updateTable('units')
          .set({ status: encoded.status, summary: encoded.summary, finished_at: encoded.finishedAt })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) {
          const unit = await trx.selectFrom('units').select('id').where('id', '=', id).executeTakeFirst();
          if (unit === undefined) throw missingUnit(id);
          return false;
        }
        for (let offset = 0; offset < encoded.messageBodies.length; offset += INSERT_CHUNK) {
          await trx
            .insertInto('message_bodies')
            .values(encoded.messageBodies.slice(offset, offset + INSERT_CHUNK))
            .onConflict((conflict) => conflict.column('hash').doNothing())
            .execute();
        }
        const rows = encoded.events.map((event) => ({ unit_id: id, ...event }));
        for (let offset = 0; offset < rows.length; offset += INSERT_CHUNK) {
          await trx.insertInto('events').values(rows.slice(offset, offset + INSERT_CHUNK)).execute();
        }
        return true;
      }),
    );
  }

  async retryFailedUnits(runId: string): Promise<number> {
    this.assertWritable();
    return this.guard(`resetting the failed units of run ${runId}`, () =>
      this.db.transaction().execute(async (trx) => {
        const failed = await trx.selectFrom('units').select(['id', 'summary', 'finished_at']).where('run_id', '=', runId).where('status', '=', 'failed').execute();
        for (const unit of failed) {
          const payloads = await trx.selectFrom('events').select('payload').where('unit_id', '=', unit.id).orderBy('seq').execute();
          const earlier = await trx.selectFrom('unit_failures').select((eb) => eb.fn.countAll().as('count')).where('unit_id', '=', unit.id).executeTakeFirstOrThrow();
          await trx
            .insertInto('unit_failures')
            .values(failureRow(unit, Number(earlier.count) + 1, unpackUnitPayloads(payloads.map((row) => row.payload), (seq) => `events of unit ${unit.id}, seq ${seq}`)))
            .execute();
        }
        const ids = failed.map((unit) => unit.id);
        if (ids.length === 0) return 0;
        await trx.deleteFrom('events').where('unit_id', 'in', ids).execute();
        const updated = await trx.updateTable('units').set({ status: 'pending', summary: null, finished_at: null }).where('id', 'in', ids).where('status', '=', 'failed').executeTakeFirst();
        return Number(updated.numUpdatedRows);
      }),
    );
  }

  async listUnitFailures(unitId: string): Promise<UnitFailure[]> {
    const rows = await this.guard(`reading the failure history of unit ${unitId}`, () =>
      this.db.selectFrom('unit_failures').select(['attempt', 'finished_at', 'summary', 'events']).where('unit_id', '=', unitId).orderBy('attempt').execute(),
    );
    // failed attempts keep their events as stored: message bodies by hash, joined here as getEvents does
    const hashes = [...new Set(rows.flatMap((row) => referencedHashes(JSON.parse(row.events) as unknown[])))];
    const bodies =
      hashes.length === 0
        ? []
        : await this.guard(`reading the messages of unit ${unitId}'s failures`, () => this.db.selectFrom('message_bodies').select(['hash', 'body']).where('hash', 'in', hashes).execute());
    const byHash = new Map(bodies.map((row) => [row.hash, unpackText(row.body, `message_bodies, hash ${row.hash}`)]));
    return rows.map((row) => toUnitFailure(row, (events) => joinMessages(unitId, events, byHash)));
  }

  async getEvents(id: string): Promise<TraceEvent[]> {
    const rows = await this.guard(`reading events of unit ${id}`, () =>
      this.db.selectFrom('events').select('payload').where('unit_id', '=', id).orderBy('seq').execute(),
    );
    // Events were validated when written; parsing them again would only cost time.
    // SQLite stores written by SqliteTraceStore hold compressed BLOBs (stored-text.ts); text passes through
    const events = unpackUnitPayloads(rows.map((row) => row.payload), (seq) => `events of unit ${id}, seq ${seq}`).map((payload) => JSON.parse(payload) as unknown);
    const hashes = referencedHashes(events);
    const bodies =
      hashes.length === 0
        ? []
        : await this.guard(`reading the messages of unit ${id}`, () => this.db.selectFrom('message_bodies').select(['hash', 'body']).where('hash', 'in', hashes).execute());
    return joinMessages(id, events, new Map(bodies.map((row) => [row.hash, unpackText(row.body, `message_bodies, hash ${row.hash}`)])));
  }

  async getCompletion(key: string): Promise<CachedCompletion | undefined> {
    const row = await this.guard('reading the completion cache', () =>
      this.db.selectFrom('completions').select('value').where('key', '=', key).executeTakeFirst(),
    );
    return row === undefined ? undefined : (JSON.parse(unpackText(row.value, `completions, key ${key}`)) as CachedCompletion);
  }

  async putCompletion(key: string, value: CachedCompletion): Promise<void> {
    this.assertWritable();
    await this.guard('writing the completion cache', () =>
      this.db
        .insertInto('completions')
        .values({ key, value: JSON.stringify(value), created_at: isoNow(this.clock) })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute(),
    );
  }

  async saveAudit(audit: AuditRecord, questions: readonly AuditQuestionRecord[]): Promise<void> {
    this.assertWritable();
    const rows = auditQuestionRows(audit, questions);
    await this.guard(`storing audit ${audit.id} of run ${audit.runId}`, () =>
      this.db.transaction().execute(async (trx) => {
        const run = await trx.selectFrom('runs').select('id').where('id', '=', audit.runId).executeTakeFirst();
        if (run === undefined) throw missingAuditedRun(audit.runId);
        const inserted = await trx
          .insertInto('audits')
          .values(auditRow(audit))
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows === 0n) throw duplicateAudit(audit.id);
        for (let offset = 0; offset < rows.length; offset += INSERT_CHUNK) {
          await trx.insertInto('audit_questions').values(rows.slice(offset, offset + INSERT_CHUNK)).execute();
        }
      }),
    );
  }

  async listAudits(runId: string): Promise<AuditRecord[]> {
    const rows = await this.guard(`listing audits of run ${runId}`, () =>
      this.db.selectFrom('audits').selectAll().where('run_id', '=', runId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),
    );
    return rows.map(toAuditRecord);
  }

  async getAudit(id: string): Promise<AuditRecord | undefined> {
    const row = await this.guard(`reading audit ${id}`, () => this.db.selectFrom('audits').selectAll().where('id', '=', id).executeTakeFirst());
    return row === undefined ? undefined : toAuditRecord(row);
  }

  async listAuditQuestions(auditId: string, query: AuditQuestionQuery = {}): Promise<AuditQuestionRecord[]> {
    const { offset, limit } = checkPage(query);
    const rows = await this.guard(`listing results of audit ${auditId}`, () =>
      this.db
        .selectFrom('audit_questions')
        .selectAll()
        .where('audit_id', '=', auditId)
        .orderBy('position')
        .limit(limit ?? NO_LIMIT)
        .offset(offset)
        .execute(),
    );
    return rows.map(toAuditQuestionRecord);
  }

  async listAuditScores(auditId: string, unitIds?: readonly string[]): Promise<AuditScoreRecord[]> {
    const select = () =>
      this.db
        .selectFrom('audit_questions')
        .select(['unit_id', 'position', 'eligible', 'cara_hyb', 'sim', 'contradiction_rate', 'cara_gt', 'failure_mode', 'low_cara', 'agreement_size'])
        .where('audit_id', '=', auditId)
        .orderBy('position');
    const rows = await this.guard(`listing scores of audit ${auditId}`, async () => {
      if (unitIds === undefined) return select().execute();
      const wanted = [...new Set(unitIds)];
      const chunks = [];
      for (let offset = 0; offset < wanted.length; offset += INSERT_CHUNK) chunks.push(await select().where('unit_id', 'in', wanted.slice(offset, offset + INSERT_CHUNK)).execute());
      return chunks.flat().sort((a, b) => Number(a.position) - Number(b.position));
    });
    return rows.map(toAuditScoreRecord);
  }

  async saveStudy(study: StudyRecord): Promise<void> {
    this.assertWritable();
    if (!STUDY_STATUSES.includes(study.status)) throw new StoreError(`unknown study status ${String(study.status)}`, `use one of ${STUDY_STATUSES.join(', ')}`);
    const row = { id: study.id, name: study.name, created_at: study.createdAt, updated_at: study.updatedAt, status: study.status, note: study.note, config: JSON.stringify(study.config) };
    await this.guard(`storing study ${study.id}`, () =>
      this.db
        .insertInto('studies')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ name: row.name, updated_at: row.updated_at, status: row.status, note: row.note, config: row.config }))
        .execute(),
    );
  }

  async getStudy(id: string): Promise<StudyRecord | undefined> {
    const row = await this.guard(`reading study ${id}`, () => this.db.selectFrom('studies').selectAll().where('id', '=', id).executeTakeFirst());
    return row === undefined ? undefined : toStudyRecord(row);
  }

  async listStudies(): Promise<StudyRecord[]> {
    const rows = await this.guard('listing studies', () => this.db.selectFrom('studies').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute());
    return rows.map(toStudyRecord);
  }

  async linkStudyRun(studyId: string, cell: string, runId: string): Promise<string> {
    this.assertWritable();
    return this.guard(`linking run ${runId} to study ${studyId}`, async () => {
      const study = await this.db.selectFrom('studies').select('id').where('id', '=', studyId).executeTakeFirst();
      if (study === undefined) throw new StoreError(`no study with id ${studyId}`, 'save the study before linking runs to it');
      const run = await this.db.selectFrom('runs').select('id').where('id', '=', runId).executeTakeFirst();
      if (run === undefined) throw new StoreError(`cannot link run ${runId} to study ${studyId}: no such run`, 'link a stored run');
      // One statement: the position is computed and the row inserted atomically; an existing cell is left as it is.
      await kysely().sql`insert into study_runs (study_id, cell, run_id, position)
        select ${studyId}, ${cell}, ${runId}, coalesce(max(position), -1) + 1 from study_runs where study_id = ${studyId}
        on conflict (study_id, cell) do nothing`.execute(this.db);
      const linked = await this.db.selectFrom('study_runs').select('run_id').where('study_id', '=', studyId).where('cell', '=', cell).executeTakeFirstOrThrow();
      return linked.run_id;
    });
  }

  async listStudyRuns(studyId: string): Promise<StudyRunLink[]> {
    const rows = await this.guard(`listing runs of study ${studyId}`, () =>
      this.db.selectFrom('study_runs').selectAll().where('study_id', '=', studyId).orderBy('position').execute(),
    );
    return rows.map((row) => ({ studyId: row.study_id, cell: row.cell, runId: row.run_id }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.#db !== undefined) await this.#db.destroy();
    else await this.closeUnconnected();
  }

  /** The kysely instance of the store's connection, made on first use. */
  protected get db(): Kysely<Database> {
    this.#db ??= this.#connect!();
    return this.#db;
  }

  /** Closes the connection when kysely was never made for it (kysely's `destroy` closes it otherwise). */
  protected async closeUnconnected(): Promise<void> {}

  /** Throws when the store was closed. */
  protected assertOpen(): void {
    if (this.closed) throw new StoreError(`this ${this.kind} store is closed`, 'open the store again; a closed store cannot be used');
  }

  /** Throws when the store was opened read-only (or closed). */
  protected assertWritable(): void {
    this.assertOpen();
    if (this.readonly) throw new StoreError(`this ${this.kind} store was opened read-only`, 'open it without the read-only option to write');
  }

  /** Runs database work, turning driver errors into `StoreError`s that say what was being done. */
  protected async guard<T>(action: string, work: () => Promise<T>): Promise<T> {
    this.assertOpen();
    try {
      return await work();
    } catch (error) {
      throw this.failure(action, error);
    }
  }

  /** Wraps a driver error; backends override it to add hints for known error codes. */
  protected failure(action: string, error: unknown): Error {
    if (error instanceof QuorumError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new StoreError(`${action}: ${message}`, 'check that the database is reachable and writable', error);
  }
}

function newUnitRows(runId: string, keys: readonly UnitKey[], ids: readonly string[], start: number) {
  const seen = new Set<string>();
  const rows = [];
  for (const [index, key] of keys.entries()) {
    const id = ids[index]!;
    if (seen.has(id)) continue;
    seen.add(id);
    rows.push({
      id,
      run_id: runId,
      question_id: key.questionId,
      protocol: key.protocol,
      seed: key.seed,
      // Keys already stored keep their position (ON CONFLICT DO NOTHING);
      // the numbers they skip leave gaps, which ordering does not mind.
      position: start + index,
      status: 'pending',
      summary: null,
      finished_at: null,
    });
  }
  return rows;
}

/** The error for a unit id the store does not hold. */
export function missingUnit(id: string): StoreError {
  return new StoreError(`no unit with id ${id}`, 'plan units with addUnits before completing them');
}

/** The error for creating a run whose id is already stored. */
export function duplicateRun(id: string): StoreError {
  return new StoreError(`a run with id ${id} already exists`, 'resume it instead, or choose another run id');
}

/** The error for changing a run the store does not hold. */
export function unknownRun(id: string): StoreError {
  return new StoreError(`no run with id ${id}`, 'list the stored runs to find its id');
}

/** The error for a run id the store does not hold. */
export function missingRun(id: string): StoreError {
  return new StoreError(`no run with id ${id}`, 'create the run before planning its units');
}

/** The error for an audit of a run the store does not hold. */
export function missingAuditedRun(id: string): StoreError {
  return new StoreError(`cannot store an audit of run ${id}: no such run`, 'audit a stored run (see `quorum runs`)');
}

/** The error for an audit id that is already stored. */
export function duplicateAudit(id: string): StoreError {
  return new StoreError(`an audit with id ${id} already exists`, 'audits are never replaced: give the new audit its own id');
}

/** Checks offset/limit: non-negative integers. */
export function checkPage(query: UnitQuery | AuditQuestionQuery): { offset: number; limit: number | undefined } {
  const offset = query.offset ?? 0;
  for (const [name, value] of [['offset', offset], ['limit', query.limit]] as const) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new StoreError(`unit query ${name} must be a non-negative integer, got ${value}`, 'fix the paging arguments');
    }
  }
  return { offset, limit: query.limit };
}

/** Throws `StoreError` for a status a run cannot have. */
export function assertRunStatus(status: RunStatus): void {
  if (!RUN_STATUSES.includes(status)) throw new StoreError(`unknown run status ${String(status)}`, `use one of ${RUN_STATUSES.join(', ')}`);
}

/** A failed unit as it moves to `unit_failures`: its events are joined into one JSON array without parsing them again. */
export function failureRow(unit: { id: string; summary: string | null; finished_at: string | null }, attempt: number, payloads: readonly string[]) {
  if (unit.summary === null || unit.finished_at === null) throw new StoreError(`unit ${unit.id} is failed but has no summary or finish time`, 'the store is inconsistent: export the run and check it');
  return { unit_id: unit.id, attempt, finished_at: unit.finished_at, summary: unit.summary, events: `[${payloads.join(',')}]` };
}

/** A `unit_failures` row as a `UnitFailure`. */
export function toUnitFailure(row: { attempt: number | string; finished_at: string; summary: string; events: string }, join: (events: unknown[]) => TraceEvent[]): UnitFailure {
  return { attempt: Number(row.attempt), finishedAt: row.finished_at, summary: JSON.parse(row.summary) as UnitFailure['summary'], events: join(JSON.parse(row.events) as unknown[]) };
}
