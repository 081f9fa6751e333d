import type { ColumnType } from 'kysely';

/**
 * The database schema as kysely sees it, shared by every SQL backend
 * (SQLite now, PostgreSQL later). Types are the portable subset: JSON is
 * stored as text, times as ISO-8601 text, booleans as 0/1 integers.
 *
 * Columns that PostgreSQL may return as strings (`bigint`) are typed with
 * their select-time union so that callers are forced through `Number()`.
 */
export interface Database {
  runs: RunsTable;
  units: UnitsTable;
  events: EventsTable;
  message_bodies: MessageBodiesTable;
  completions: CompletionsTable;
  audits: AuditsTable;
  audit_questions: AuditQuestionsTable;
  studies: StudiesTable;
  study_runs: StudyRunsTable;
  unit_failures: UnitFailuresTable;
}

/** A 64-bit integer: SQLite returns a number, PostgreSQL (`int8`) a string. */
export type BigIntColumn = ColumnType<number | string, number, number>;

/** One row per run. */
export interface RunsTable {
  id: string;
  /** ISO time. */
  created_at: string;
  /** `RunStatus`. */
  status: string;
  /** `RunConfig` as JSON text. */
  config: string;
  /** Copied out of the config so listings need not parse it. */
  code_version: string;
}

/** One row per planned unit (question × protocol × seed of a run). */
export interface UnitsTable {
  /** Deterministic, see `unitId`. */
  id: string;
  run_id: string;
  question_id: string;
  protocol: string;
  seed: BigIntColumn;
  /** Plan order within the run; listings sort by it. */
  position: BigIntColumn;
  /** `UnitStatus`. */
  status: string;
  /** `UnitSummary` as JSON text; null while pending. */
  summary: string | null;
  /** ISO time; null while pending. */
  finished_at: string | null;
}

/** One row per trace event. */
export interface EventsTable {
  unit_id: string;
  seq: number;
  /** Copied out of the payload so queries can filter without parsing it. */
  type: string;
  agent: string | null;
  round: number | null;
  /** The whole event (envelope included) as JSON text, exactly as stored. */
  payload: string;
}

/** Messages of events, once each by content (`src/store/message-bodies.ts`). */
export interface MessageBodiesTable {
  /** `messageHash(body)`. */
  hash: string;
  /** The message as JSON text. */
  body: string;
}

/** The content-addressed completion cache (DESIGN §8). */
export interface CompletionsTable {
  key: string;
  /** `CachedCompletion` as JSON text. */
  value: string;
  /** ISO time of the first write. */
  created_at: string;
}

/** One row per audit of a run (migration 0002). */
export interface AuditsTable {
  id: string;
  run_id: string;
  /** ISO time. */
  created_at: string;
  label: string;
  /** `AuditSettings` as JSON text. */
  settings: string;
  /** `AuditSummary` as JSON text. */
  summary: string;
}

/** One row per audited unit; the scores are columns so queries can filter and sort on them. */
export interface AuditQuestionsTable {
  audit_id: string;
  /** Order within the audit. */
  position: number;
  unit_id: string;
  question_id: string;
  protocol: string;
  seed: BigIntColumn;
  /** 0 or 1. */
  eligible: number;
  /** `NotEligibleReason[]` as JSON text. */
  reasons: string;
  cara_hyb: number | null;
  sim: number | null;
  contradiction_rate: number | null;
  cara_gt: number | null;
  failure_mode: string | null;
  /** `{ agreementSet, details }` as JSON text. */
  details: string;
  /** |S(q)|, the length of `agreementSet` in `details` (migration 0006). */
  agreement_size: number;
  /** `details.lowCara` as 0/1 (migration 0006). */
  low_cara: number;
}

/** One row per study (migration 0003). */
export interface StudiesTable {
  id: string;
  name: string;
  /** ISO times. */
  created_at: string;
  updated_at: string;
  /** `StudyStatus`. */
  status: string;
  note: string | null;
  /** The resolved study configuration as JSON text. */
  config: string;
}

/** Which run holds each cell of a study's grid (migration 0003). */
export interface StudyRunsTable {
  study_id: string;
  /** The cell key (`protocol|dataset|setup`). */
  cell: string;
  run_id: string;
  /** Link order: listings return cells in the order they were linked. */
  position: number;
}

/** One row per earlier failed attempt of a unit that was run again (migration 0004). */
export interface UnitFailuresTable {
  unit_id: string;
  /** 1 for the unit's first failure, 2 for the next, … */
  attempt: BigIntColumn;
  /** ISO time the failed attempt finished. */
  finished_at: string;
  /** Its `UnitSummary` as JSON text. */
  summary: string;
  /** Its events, a JSON array as text, in `seq` order. */
  events: string;
}
