import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely, Selectable } from 'kysely';
import type { AuditQuestionRecord, AuditRecord, AuditScoreRecord } from '../spec/audit-result.js';
import { QuorumError, StoreError } from '../spec/errors.js';
import type { CachedCompletion, RunListing, RunRecord, RunStatus, UnitCounts, UnitFailure, UnitGroup, UnitKey, UnitQuery, UnitRecord, UnitResult } from '../spec/store.js';
import type { VersionMix } from '../spec/run-config.js';
import type { TraceEvent } from '../spec/trace.js';
import { isoNow } from '../util/clock.js';
import { auditQuestionRows, auditRow, toAuditRecord, toAuditScoreRecord } from './audit-rows.js';
import type { encodeUnitResult } from './encode-unit-result.js';
import { runRecordChecks, unitResultEncoder } from './lazy-validation.js';
import { joinMessages, referencedHashes } from './message-bodies.js';
import { packText, packUnitPayloads, unpackText, unpackUnitPayloads } from './stored-text.js';
import {
  assertRunStatus,
  checkPage,
  duplicateAudit,
  duplicateRun,
  failureRow,
  KyselyTraceStore,
  toUnitFailure,
  missingAuditedRun,
  missingRun,
  missingUnit,
  unknownRun,
  type KyselyTraceStoreOptions,
} from './kysely-trace-store.js';
import { addToCounts, emptyUnitCounts, toRunRecord, toUnitRecord } from './row-mapping.js';
import type { AuditsTable, Database, RunsTable, UnitsTable } from './schema.js';
import { noteCompletionCommit, OwnCompletionKeys } from './own-completion-keys.js';
import { toUnitGroup, type UnitGroupRow } from './unit-groups.js';
import { unitId } from './unit-id.js';

const AUDIT_SCORE_COLUMNS = 'unit_id, position, eligible, cara_hyb, sim, contradiction_rate, cara_gt, failure_mode, low_cara, agreement_size';

/** Hints for the SQLite failures a person can do something about. */
const SQLITE_HINTS: Readonly<Record<string, string>> = {
  SQLITE_FULL: 'the disk is full: free some space; finished units are kept and the run can be resumed',
  SQLITE_BUSY: 'another process held the database lock for longer than the busy timeout; retry, or give each run its own store file',
  SQLITE_READONLY: 'the store file or its folder is not writable: check permissions, or open the store read-only',
  SQLITE_NOTADB: 'the file is not a SQLite database: check the store path',
  SQLITE_CORRUPT: 'the database file is damaged: restore it from a backup or a JSONL export',
  SQLITE_CANTOPEN: 'the file cannot be opened: check that the path and its folder exist and are accessible',
  SQLITE_IOERR: 'the disk reported an I/O error: check the disk and free space, then resume the run',
};

/**
 * The default `TraceStore`: one SQLite file (WAL) through better-sqlite3.
 *
 * Studies, audit listings and unit lookups are the portable kysely code of
 * `KyselyTraceStore`. The hot paths — completing a unit, reading events,
 * the completion cache, planning units — use better-sqlite3 prepared
 * statements directly: kysely builds, compiles and re-prepares every query
 * and awaits each statement, which made these paths 2–4× slower in the
 * store benchmark (figures in docs/trace-format.md, "SQLite"). So do the
 * reads of `quorum show` and a run's own bookkeeping, so that neither
 * command loads kysely (see `kysely-runtime.ts`).
 *
 * Invariant: this class never uses kysely transactions. better-sqlite3
 * transactions run synchronously to the end, so they cannot interleave
 * with a kysely transaction left open across an `await` on the same
 * connection; every multi-statement write here is one synchronous call.
 */
export class SqliteTraceStore extends KyselyTraceStore {
  private readonly statements;
  private readonly completeTransaction;
  private readonly planTransaction;
  private readonly retryTransaction;
  private readonly auditTransaction;
  private readonly putCompletionsTransaction;
  /** Cache entries written this event-loop turn, committed together (see `putCompletion`). */
  private pendingPuts: PutBatch | undefined;
  /** Which cache keys a lookup could find, known without one on a store only this connection writes (see the class). */
  private readonly ownCompletionKeys: OwnCompletionKeys;

  /** Use `openSqliteStore`, which configures the connection and migrates the schema first. */
  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    db: Kysely<Database> | (() => Kysely<Database>),
    options: KyselyTraceStoreOptions = {},
  ) {
    super('sqlite', db, options);
    this.ownCompletionKeys = new OwnCompletionKeys(sqlite);
    this.statements = {
      markFinished: sqlite.prepare<[string, string, string, string]>(
        "update units set status = ?, summary = ?, finished_at = ? where id = ? and status = 'pending'",
      ),
      unitExists: sqlite.prepare<[string], number>('select 1 from units where id = ?').pluck(),
      run: sqlite.prepare<[string], RunRow>('select id, created_at, status, config, code_version from runs where id = ?'),
      runs: sqlite.prepare<[], RunRow>('select id, created_at, status, config, code_version from runs order by created_at desc, id desc'),
      unitCountsByRun: sqlite.prepare<[], { run_id: string; status: string; count: number }>('select run_id, status, count(*) as count from units group by run_id, status'),
      insertRun: sqlite.prepare<[string, string, string, string, string]>('insert into runs (id, created_at, status, config, code_version) values (?, ?, ?, ?, ?) on conflict (id) do nothing'),
      updateRunStatus: sqlite.prepare<[string, string]>('update runs set status = ? where id = ?'),
      updateRunConfig: sqlite.prepare<[string, string]>('update runs set config = ? where id = ?'),
      unitCounts: sqlite.prepare<[string], { status: string; count: number }>('select status, count(*) as count from units where run_id = ? group by status'),
      // json_extract parses each summary in SQLite's C code: a 10,000-unit run counts without a summary reaching JavaScript.
      unitGroups: sqlite.prepare<[string], UnitGroupRow>(
        "select protocol, seed, status, json_extract(summary, '$.answerStatus') as answer_status, json_extract(summary, '$.correct') as correct, " +
          "json_extract(summary, '$.unanimous') as unanimous, count(*) as count, min(position) as first_position " +
          'from units where run_id = ? group by protocol, seed, status, answer_status, correct, unanimous order by first_position',
      ),
      auditScores: sqlite.prepare<[string], AuditScoreRow>(`select ${AUDIT_SCORE_COLUMNS} from audit_questions where audit_id = ? order by position`),
      // The ids as one JSON array parameter: one prepared statement for any number of them. The ids drive the join
      // (CROSS JOIN keeps that order), each found by the (audit_id, unit_id) index, instead of a scan of the audit.
      auditScoresOf: sqlite.prepare<[string, string], AuditScoreRow>(
        `select ${AUDIT_SCORE_COLUMNS} from json_each(?) as wanted cross join audit_questions on audit_id = ? and unit_id = wanted.value order by position`,
      ),
      audits: sqlite.prepare<[string], AuditRow>('select id, run_id, created_at, label, settings, summary from audits where run_id = ? order by created_at desc, id desc'),
      failedUnits: sqlite.prepare<[string], { id: string; summary: string | null; finished_at: string | null }>("select id, summary, finished_at from units where run_id = ? and status = 'failed'"),
      failureCount: sqlite.prepare<[string], number>('select count(*) from unit_failures where unit_id = ?').pluck(),
      insertFailure: sqlite.prepare('insert into unit_failures (unit_id, attempt, finished_at, summary, events) values (@unit_id, @attempt, @finished_at, @summary, @events)'),
      unitFailures: sqlite.prepare<[string], { attempt: number; finished_at: string; summary: string; events: string }>('select attempt, finished_at, summary, events from unit_failures where unit_id = ? order by attempt'),
      deleteFailedEvents: sqlite.prepare<[string]>("delete from events where unit_id in (select id from units where run_id = ? and status = 'failed')"),
      resetFailed: sqlite.prepare<[string]>("update units set status = 'pending', summary = null, finished_at = null where run_id = ? and status = 'failed'"),
      insertEvent: sqlite.prepare<[string, number, string, string | null, number | null, string | Buffer]>(
        'insert into events (unit_id, seq, type, agent, round, payload) values (?, ?, ?, ?, ?, ?)',
      ),
      eventPayloads: sqlite.prepare<[string], string | Buffer>('select payload from events where unit_id = ? order by seq').pluck(),
      insertMessageBody: sqlite.prepare<[string, string | Buffer]>('insert into message_bodies (hash, body) values (?, ?) on conflict (hash) do nothing'),
      messageBodyExists: sqlite.prepare<[string], number>('select 1 from message_bodies where hash = ?').pluck(),
      messageBody: sqlite.prepare<[string], string | Buffer>('select body from message_bodies where hash = ?').pluck(),
      getCompletion: sqlite.prepare<[string], string | Buffer>('select value from completions where key = ?').pluck(),
      putCompletion: sqlite.prepare<[string, string | Buffer, string]>(
        'insert into completions (key, value, created_at) values (?, ?, ?) on conflict (key) do nothing',
      ),
      runExists: sqlite.prepare<[string], number>('select 1 from runs where id = ?').pluck(),
      nextPosition: sqlite.prepare<[string], number>('select coalesce(max(position) + 1, 0) from units where run_id = ?').pluck(),
      insertUnit: sqlite.prepare<[string, string, string, string, number, number]>(
        "insert into units (id, run_id, question_id, protocol, seed, position, status) values (?, ?, ?, ?, ?, ?, 'pending') on conflict do nothing",
      ),
      insertAudit: sqlite.prepare(
        'insert into audits (id, run_id, created_at, label, settings, summary) values (@id, @run_id, @created_at, @label, @settings, @summary) on conflict (id) do nothing',
      ),
      insertAuditQuestion: sqlite.prepare(
        'insert into audit_questions (audit_id, position, unit_id, question_id, protocol, seed, eligible, reasons, cara_hyb, sim, contradiction_rate, cara_gt, failure_mode, details, agreement_size, low_cara) ' +
          'values (@audit_id, @position, @unit_id, @question_id, @protocol, @seed, @eligible, @reasons, @cara_hyb, @sim, @contradiction_rate, @cara_gt, @failure_mode, @details, @agreement_size, @low_cara)',
      ),
    };
    this.completeTransaction = sqlite.transaction((id: string, encoded: ReturnType<typeof encodeUnitResult>): boolean => {
      const { changes } = this.statements.markFinished.run(encoded.status, encoded.summary, encoded.finishedAt, id);
      if (changes === 0) {
        if (this.statements.unitExists.get(id) === undefined) throw missingUnit(id);
        return false;
      }
      for (const { hash, body } of encoded.messageBodies) {
        // a body stored by an earlier unit is not deflated again (2 of 3 per unit on the peers' job, every one in a replay)
        if (this.statements.messageBodyExists.get(hash) === undefined) this.statements.insertMessageBody.run(hash, packText(body));
      }
      const payloads = packUnitPayloads(encoded.events.map((event) => event.payload));
      encoded.events.forEach((event, index) => this.statements.insertEvent.run(id, event.seq, event.type, event.agent, event.round, payloads[index]!));
      return true;
    });
    this.planTransaction = sqlite.transaction((runId: string, keys: readonly UnitKey[], ids: readonly string[]): void => {
      if (this.statements.runExists.get(runId) === undefined) throw missingRun(runId);
      const start = this.statements.nextPosition.get(runId) ?? 0;
      keys.forEach((key, index) => {
        this.statements.insertUnit.run(ids[index]!, runId, key.questionId, key.protocol, key.seed, start + index);
      });
    });
    this.retryTransaction = sqlite.transaction((runId: string): number => {
      for (const unit of this.statements.failedUnits.all(runId)) {
        const attempt = (this.statements.failureCount.get(unit.id) ?? 0) + 1;
        this.statements.insertFailure.run(failureRow(unit, attempt, this.payloads(unit.id)));
      }
      this.statements.deleteFailedEvents.run(runId);
      return this.statements.resetFailed.run(runId).changes;
    });
    this.putCompletionsTransaction = sqlite.transaction((entries: ReadonlyMap<string, string>, createdAt: string): void => {
      for (const [key, value] of entries) this.statements.putCompletion.run(key, packText(value), createdAt);
    });
    this.auditTransaction = sqlite.transaction((audit: AuditRecord, rows: ReturnType<typeof auditQuestionRows>): void => {
      if (this.statements.runExists.get(audit.runId) === undefined) throw missingAuditedRun(audit.runId);
      if (this.statements.insertAudit.run(auditRow(audit)).changes === 0) throw duplicateAudit(audit.id);
      for (const row of rows) this.statements.insertAuditQuestion.run(row);
    });
  }

  // Not kysely's transaction: see the invariant in the class comment.
  override async saveAudit(audit: AuditRecord, questions: readonly AuditQuestionRecord[]): Promise<void> {
    this.assertWritable();
    const rows = auditQuestionRows(audit, questions);
    this.sync(`storing audit ${audit.id} of run ${audit.runId}`, () => this.auditTransaction.immediate(audit, rows));
  }

  override async addUnits(runId: string, keys: readonly UnitKey[]): Promise<string[]> {
    this.assertWritable();
    const ids = keys.map((key) => unitId(runId, key));
    if (keys.length === 0) return ids;
    // IMMEDIATE takes the write lock up front, so a second process waits
    // (busy_timeout) instead of failing when it upgrades a read lock.
    this.sync(`planning units of run ${runId}`, () => this.planTransaction.immediate(runId, keys, ids));
    return ids;
  }

  override async completeUnit(id: string, result: UnitResult): Promise<boolean> {
    this.assertWritable();
    const encoded = (await unitResultEncoder())(id, result);
    return this.sync(`storing unit ${id}`, () => this.completeTransaction.immediate(id, encoded));
  }

  override async retryFailedUnits(runId: string): Promise<number> {
    this.assertWritable();
    return this.sync(`resetting the failed units of run ${runId}`, () => this.retryTransaction.immediate(runId));
  }

  override async listUnitFailures(unitId: string): Promise<UnitFailure[]> {
    return this.sync(`reading the failure history of unit ${unitId}`, () =>
      this.statements.unitFailures.all(unitId).map((row) =>
        // failed attempts keep their events as stored: message bodies by hash, joined here as getEvents does
        toUnitFailure(row, (events) => {
          return joinMessages(unitId, events, this.messageBodies(events));
        }),
      ),
    );
  }

  // The run bookkeeping of `quorum run` (find a run to resume, create it, mark it running and done), native like the
  // reads below: with them and a new store created natively (`createFreshSchema`), a run on SQLite never loads kysely.
  override async createRun(run: RunRecord): Promise<void> {
    this.assertWritable();
    assertRunStatus(run.status);
    (await runRecordChecks()).checkRunConfig(run);
    const { changes } = this.sync(`creating run ${run.id}`, () =>
      this.statements.insertRun.run(run.id, run.createdAt, run.status, JSON.stringify(run.config), run.config.codeVersion),
    );
    if (changes === 0) throw duplicateRun(run.id);
  }

  override async setRunStatus(id: string, status: RunStatus): Promise<void> {
    this.assertWritable();
    assertRunStatus(status);
    const { changes } = this.sync(`updating run ${id}`, () => this.statements.updateRunStatus.run(status, id));
    if (changes === 0) throw unknownRun(id);
  }

  override async recordVersionMix(id: string, mix: VersionMix): Promise<void> {
    this.assertWritable();
    const checked = (await runRecordChecks()).checkedVersionMix(id, mix);
    const run = await this.getRun(id);
    if (run === undefined) throw unknownRun(id);
    const config = { ...run.config, versionMix: [...(run.config.versionMix ?? []), checked] };
    this.sync(`updating run ${id}`, () => this.statements.updateRunConfig.run(JSON.stringify(config), id));
  }

  override async listRuns(): Promise<RunListing[]> {
    return this.sync('listing runs', () => {
      const counts = new Map<string, UnitCounts>();
      for (const group of this.statements.unitCountsByRun.all()) counts.set(group.run_id, addToCounts(counts.get(group.run_id) ?? emptyUnitCounts(), group.status, group.count));
      return this.statements.runs.all().map((row) => ({ ...toRunRecord(row), units: counts.get(row.id) ?? emptyUnitCounts() }));
    });
  }

  // The reads of `quorum show` and the viewer, native like the hot paths: with them, showing a run never loads kysely
  // (loading it was 0.4 s of a cold viewer's first answer on this machine).
  override async getRun(id: string): Promise<RunRecord | undefined> {
    const row = this.sync(`reading run ${id}`, () => this.statements.run.get(id));
    return row === undefined ? undefined : toRunRecord(row);
  }

  override async listUnits(runId: string, query: UnitQuery = {}): Promise<UnitRecord[]> {
    const { offset, limit } = checkPage(query);
    const byStatus = query.status === undefined ? '' : ' and status = ?';
    const sql = `select id, run_id, question_id, protocol, seed, position, status, summary, finished_at from units where run_id = ?${byStatus} order by position, id limit ? offset ?`;
    const parameters = [runId, ...(query.status === undefined ? [] : [query.status]), limit ?? -1, offset];
    return this.sync(`listing units of run ${runId}`, () => this.sqlite.prepare<unknown[], UnitRow>(sql).all(...parameters).map(toUnitRecord));
  }

  override async countUnits(runId: string): Promise<UnitCounts> {
    return this.sync(`counting units of run ${runId}`, () => this.statements.unitCounts.all(runId).reduce((counts, group) => addToCounts(counts, group.status, group.count), emptyUnitCounts()));
  }

  override async countUnitGroups(runId: string): Promise<UnitGroup[]> {
    return this.sync(`counting units of run ${runId}`, () => this.statements.unitGroups.all(runId).map(toUnitGroup));
  }

  override async listAuditScores(auditId: string, unitIds?: readonly string[]): Promise<AuditScoreRecord[]> {
    return this.sync(`listing scores of audit ${auditId}`, () =>
      (unitIds === undefined ? this.statements.auditScores.all(auditId) : this.statements.auditScoresOf.all(JSON.stringify([...new Set(unitIds)]), auditId)).map(toAuditScoreRecord),
    );
  }

  override async listAudits(runId: string): Promise<AuditRecord[]> {
    return this.sync(`listing audits of run ${runId}`, () => this.statements.audits.all(runId).map(toAuditRecord));
  }

  override async getEvents(id: string): Promise<TraceEvent[]> {
    return this.sync(`reading events of unit ${id}`, () => {
      // Events were validated when written; parsing them again would only cost time.
      const events = this.payloads(id).map((payload) => JSON.parse(payload) as unknown);
      return joinMessages(id, events, this.messageBodies(events));
    });
  }

  override async getCompletion(key: string): Promise<CachedCompletion | undefined> {
    // An entry waiting for its batch's commit is already the cache's answer.
    const value =
      this.pendingPuts?.entries.get(key) ??
      this.sync('reading the completion cache', () => (this.ownCompletionKeys.mayHold(key) ? this.storedCompletion(key) : undefined));
    return value === undefined ? undefined : (JSON.parse(value) as CachedCompletion);
  }

  /**
   * Writes a cache entry. Entries written in the same event-loop turn are
   * committed in one transaction (a commit per entry was the largest store
   * cost per completion in the benchmark); every caller's promise settles
   * when its batch has committed, or rejects with the batch's error, so a
   * resolved `putCompletion` means stored, as before. The first value of a
   * key wins, within a batch as in the table.
   */
  override putCompletion(key: string, value: CachedCompletion): Promise<void> {
    try {
      this.assertWritable();
    } catch (error) {
      return Promise.reject(error);
    }
    let batch = this.pendingPuts;
    if (batch === undefined) {
      const entries = new Map<string, string>();
      let settle!: (error?: unknown) => void;
      const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
      batch = { entries, done, settle, committed: false };
      this.pendingPuts = batch;
      const scheduled = batch;
      setImmediate(() => this.commitPuts(scheduled));
    }
    if (!batch.entries.has(key)) {
      this.ownCompletionKeys.noteWritten(key);
      batch.entries.set(key, JSON.stringify(value));
    }
    return batch.done;
  }

  protected override async closeUnconnected(): Promise<void> {
    this.sqlite.close();
  }

  override async close(): Promise<void> {
    // Entries still waiting for their turn are committed before the connection goes.
    if (this.pendingPuts !== undefined && !this.closed) this.commitPuts(this.pendingPuts);
    await super.close();
  }

  /** A unit's event payloads as JSON text, in seq order (compressed ones decoded, see `stored-text.ts`). */
  private payloads(unitId: string): string[] {
    return unpackUnitPayloads(this.statements.eventPayloads.all(unitId), (seq) => `events of unit ${unitId}, seq ${seq}`);
  }

  /** The JSON text of every message body the parsed events reference. */
  private messageBodies(events: readonly unknown[]): Map<string, string> {
    const bodies = new Map<string, string>();
    for (const hash of referencedHashes(events)) {
      const body = this.statements.messageBody.get(hash);
      if (body !== undefined) bodies.set(hash, unpackText(body, `message_bodies, hash ${hash}`));
    }
    return bodies;
  }

  private storedCompletion(key: string): string | undefined {
    const value = this.statements.getCompletion.get(key);
    return value === undefined ? undefined : unpackText(value, `completions, key ${key}`);
  }

  private commitPuts(batch: PutBatch): void {
    if (batch.committed) return;
    batch.committed = true;
    if (this.pendingPuts === batch) this.pendingPuts = undefined;
    try {
      this.sync('writing the completion cache', () => this.putCompletionsTransaction.immediate(batch.entries, isoNow(this.clock)));
      noteCompletionCommit();
      batch.settle();
    } catch (error) {
      batch.settle(error);
    }
  }

  protected override failure(action: string, error: unknown): Error {
    if (error instanceof QuorumError) return error;
    const code = sqliteCode(error);
    // Extended codes (SQLITE_IOERR_WRITE) fall back to their primary code's hint.
    const hint = code === undefined ? undefined : (SQLITE_HINTS[code] ?? SQLITE_HINTS[code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1')]);
    const message = error instanceof Error ? error.message : String(error);
    return new StoreError(`${action} in ${this.sqlite.name}: ${message}`, hint ?? 'check the store file and retry', error);
  }

  private sync<T>(action: string, work: () => T): T {
    this.assertOpen();
    try {
      return work();
    } catch (error) {
      throw this.failure(action, error);
    }
  }
}

type RunRow = Selectable<RunsTable>;
type UnitRow = Selectable<UnitsTable>;
type AuditRow = Selectable<AuditsTable>;
type AuditScoreRow = Parameters<typeof toAuditScoreRecord>[0];

/** Cache entries of one event-loop turn and the promise their writers wait on. */
interface PutBatch {
  entries: Map<string, string>;
  done: Promise<void>;
  settle: (error?: unknown) => void;
  committed: boolean;
}

/** The SQLite result code of a better-sqlite3 error (`SQLITE_FULL`, `SQLITE_IOERR_WRITE`, …). */
export function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined;
}
