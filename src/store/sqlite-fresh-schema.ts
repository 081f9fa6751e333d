import type BetterSqlite3 from 'better-sqlite3';
import { isoNow, systemClock, type Clock } from '../util/clock.js';

/**
 * The SQLite schema that the migrations of `migrations/` produce, as the
 * statements SQLite keeps in `sqlite_master` after running them all on an
 * empty file (kysely's two bookkeeping tables first). A new store is
 * created from these statements instead of through kysely's migrator, so
 * that `quorum run` on a new SQLite file never loads kysely (263 files,
 * about 0.15 CPU seconds on an idle machine). The migrations stay the
 * source of truth: test/store/sqlite-fresh-schema.test.ts migrates an
 * empty file with kysely and fails, printing the new list, when a
 * migration changes what it creates.
 */
export const SQLITE_SCHEMA: readonly string[] = [
  `CREATE TABLE "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null)`,
  `CREATE TABLE "kysely_migration_lock" ("id" varchar(255) not null primary key, "is_locked" integer default 0 not null)`,
  `CREATE TABLE "runs" ("id" text primary key, "created_at" text not null, "status" text not null check (status in ('running', 'done', 'interrupted')), "config" text not null, "code_version" text not null)`,
  `CREATE INDEX "runs_created_at" on "runs" ("created_at", "id")`,
  `CREATE TABLE "units" ("id" text primary key, "run_id" text not null references "runs" ("id") on delete cascade, "question_id" text not null, "protocol" text not null, "seed" bigint not null, "position" bigint not null, "status" text not null check (status in ('pending', 'done', 'failed')), "summary" text, "finished_at" text, constraint "units_key" unique ("run_id", "question_id", "protocol", "seed"))`,
  `CREATE INDEX "units_run_status" on "units" ("run_id", "status")`,
  `CREATE INDEX "units_run_position" on "units" ("run_id", "position", "id")`,
  `CREATE TABLE "events" ("unit_id" text not null references "units" ("id") on delete cascade, "seq" integer not null, "type" text not null, "agent" text, "round" integer, "payload" text not null, constraint "events_pk" primary key ("unit_id", "seq"))`,
  `CREATE TABLE "completions" ("key" text primary key, "value" text not null, "created_at" text not null)`,
  `CREATE TABLE "audits" ("id" text primary key, "run_id" text not null references "runs" ("id") on delete cascade, "created_at" text not null, "label" text not null, "settings" text not null, "summary" text not null)`,
  `CREATE INDEX "audits_run_created" on "audits" ("run_id", "created_at", "id")`,
  `CREATE TABLE "audit_questions" ("audit_id" text not null references "audits" ("id") on delete cascade, "position" integer not null, "unit_id" text not null references "units" ("id") on delete cascade, "question_id" text not null, "protocol" text not null, "seed" bigint not null, "eligible" integer not null, "reasons" text not null, "cara_hyb" double precision, "sim" double precision, "contradiction_rate" double precision, "cara_gt" double precision, "failure_mode" text, "details" text not null, "agreement_size" integer, "low_cara" integer, constraint "audit_questions_pk" primary key ("audit_id", "position"), constraint "audit_questions_unit" unique ("audit_id", "unit_id"))`,
  `CREATE TABLE "studies" ("id" text primary key, "name" text not null, "created_at" text not null, "updated_at" text not null, "status" text not null, "note" text, "config" text not null)`,
  `CREATE TABLE "study_runs" ("study_id" text not null references "studies" ("id") on delete cascade, "cell" text not null, "run_id" text not null references "runs" ("id") on delete cascade, "position" integer not null, constraint "study_runs_pk" primary key ("study_id", "cell"))`,
  `CREATE TABLE "unit_failures" ("unit_id" text not null references "units" ("id") on delete cascade, "attempt" integer not null, "finished_at" text not null, "summary" text not null, "events" text not null, constraint "unit_failures_pk" primary key ("unit_id", "attempt"))`,
  `CREATE TABLE "message_bodies" ("hash" text primary key, "body" text not null)`,
];

/** The row kysely's migrator keeps in its lock table. */
const MIGRATION_LOCK_ID = 'migration_lock';

/**
 * Creates the whole current schema in an empty SQLite database and records
 * every migration as applied, with the rows kysely's migrator would have
 * written (`kysely_migration`: name and ISO timestamp; the unlocked lock
 * row), so later quorum versions migrate it like any other store. Takes
 * the write lock first and returns false, creating nothing, when another
 * connection created tables in the meantime: the caller then opens the
 * store as an existing one.
 */
export function createFreshSchema(sqlite: BetterSqlite3.Database, migrationNames: readonly string[], clock: Clock = systemClock): boolean {
  sqlite.exec('begin immediate');
  try {
    if (!isEmptyDatabase(sqlite)) {
      sqlite.exec('rollback');
      return false;
    }
    for (const statement of SQLITE_SCHEMA) sqlite.exec(statement);
    const record = sqlite.prepare<[string, string]>('insert into kysely_migration (name, timestamp) values (?, ?)');
    const appliedAt = isoNow(clock);
    for (const name of migrationNames) record.run(name, appliedAt);
    sqlite.prepare<[string]>('insert into kysely_migration_lock (id, is_locked) values (?, 0)').run(MIGRATION_LOCK_ID);
    sqlite.exec('commit');
    return true;
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('rollback');
    throw error;
  }
}

/** True when the database has no table, index, view or trigger at all (a file just created, or `:memory:`). */
export function isEmptyDatabase(sqlite: BetterSqlite3.Database): boolean {
  return sqlite.prepare<[], number>('select count(*) from sqlite_master').pluck().get() === 0;
}
