import type { AuditQuestionQuery, AuditQuestionRecord, AuditRecord, AuditScoreRecord } from './audit-result.js';
import type { FinishReason, StructuredMode, Usage } from './chat.js';
import type { RunConfig, VersionMix } from './run-config.js';
import type { TraceEvent } from './trace.js';

/** Lifecycle of a run. `interrupted` runs can be resumed. */
export type RunStatus = 'running' | 'done' | 'interrupted';

/** A stored run. */
export interface RunRecord {
  id: string;
  /** ISO time. */
  createdAt: string;
  status: RunStatus;
  config: RunConfig;
}

/** A run with its unit counts, for listings. */
export interface RunListing extends RunRecord {
  units: UnitCounts;
}

/** Lifecycle of a unit. `failed` units finished without a final answer. */
export type UnitStatus = 'pending' | 'done' | 'failed';

/** Units per status. */
export type UnitCounts = Record<UnitStatus, number> & { total: number };

/**
 * Units of a run that share a protocol, seed, status and the summary fields
 * a run's overview counts by (see `TraceStore.countUnitGroups`).
 */
export interface UnitGroup {
  protocol: string;
  seed: number;
  status: UnitStatus;
  /** `summary.answerStatus`; null for units without a summary (pending). */
  answerStatus: UnitSummary['answerStatus'] | null;
  /** `summary.correct`; null without a summary, and for ungraded or unparsed answers. */
  correct: boolean | null;
  /** `summary.unanimous`; null without a summary. */
  unanimous: boolean | null;
  /** Units in the group (at least 1). */
  count: number;
  /**
   * The smallest plan position in the group. Positions may have gaps; only
   * their order means anything: it puts protocols and seeds in the order
   * the run first planned them.
   */
  firstPosition: number;
}

/** The key that makes a unit unique within a run. */
export interface UnitKey {
  questionId: string;
  protocol: string;
  seed: number;
}

/**
 * What a finished unit looks like at a glance, derived from its events by
 * `summarizeUnit` (a pure function) and stored for fast listings.
 */
export interface UnitSummary {
  /** Final answer value, or null when unparsed/ambiguous/failed. */
  answer: string | null;
  /** The final answer as stated, when it differs from `answer` (`56.197%`, `(0.2)`): what scorers read. */
  answerText?: string;
  /** The scale word stated with the final answer (TAT-QA's predicted scale). */
  answerScale?: string;
  answerStatus: 'ok' | 'unparsed' | 'ambiguous' | 'none';
  gold: string | null;
  correct: boolean | null;
  /** The scorer that graded the final answer and its metric values (from the `final` event; absent in older traces). */
  scorer?: string;
  scores?: Record<string, number | null>;
  /** All agents' final answers equal and parseable. */
  unanimous: boolean;
  /**
   * Each agent's parsed answer per round (null: unparsed, ambiguous, or the
   * agent did not speak — `silentRounds` tells which; read both through
   * `spokenAnswers`).
   */
  answersByRound: Record<string, Array<string | null>>;
  /**
   * Each agent's correctness per round as the runner's scorer judged it
   * (null: no gold, unparsed, or the agent did not speak); absent for
   * traces written before turns were scored.
   */
  correctByRound?: Record<string, Array<boolean | null>>;
  /** Per round: all speakers gave the same answer under the dataset's answer equality (from the `final` event). */
  unanimousByRound?: boolean[];
  /**
   * Rounds in which an agent had no turn (muted by the judge), per agent;
   * absent when every agent spoke in every round it reached. A silent round
   * is neither an answer nor an unparsed turn.
   */
  silentRounds?: Record<string, number[]>;
  roundsRun: number;
  calls: number;
  cacheHits: number;
  usage: Usage;
  costUsd: number | null;
  /** Sum of call latencies in milliseconds. */
  latencyMs: number;
  /**
   * Wall time from the start of the first model call to the end of the
   * last, in milliseconds; absent for a unit without a timed call and in
   * summaries written before quorum recorded it (the `wall_ms` metric then
   * reads the events).
   */
  wallMs?: number;
  errors: number;
  /**
   * Per round (index = round): calls, tokens and protocol dynamics
   * (docs/dynamics.md). Absent in summaries written before quorum recorded
   * it; metrics that need it report those units as missing.
   */
  rounds?: UnitRoundSummary[];
}

/** One round of a unit at a glance (see `UnitSummary.rounds`). */
export interface UnitRoundSummary {
  /** Model calls of the round: every turn (drafts included) and judge ranking. */
  calls: number;
  /** Prompt plus completion tokens of those calls. */
  tokens: number;
  /** Turns that count (a selected draft per speaking agent). */
  turns: number;
  /** Turns that reference a peer's claim they were shown and take a position on it (PRR numerator). */
  peerReferences: number;
  /** Argument diversity (AD) of the round; null when fewer than two agents wrote content words. */
  argumentDiversity: number | null;
}

/** A stored unit. */
export interface UnitRecord extends UnitKey {
  id: string;
  runId: string;
  status: UnitStatus;
  summary: UnitSummary | null;
  finishedAt: string | null;
}

/** A finished unit, ready to store in one transaction. */
export interface UnitResult {
  status: Exclude<UnitStatus, 'pending'>;
  events: TraceEvent[];
  summary: UnitSummary;
  finishedAt: string;
}

/** An earlier failed attempt of a unit that was run again (see `TraceStore.retryFailedUnits`). */
export interface UnitFailure {
  /** 1 for the unit's first failure, 2 for the next, … */
  attempt: number;
  finishedAt: string;
  summary: UnitSummary;
  events: TraceEvent[];
}

/** A cached completion (content-addressed, DESIGN §8). */
export interface CachedCompletion {
  text: string;
  json?: unknown;
  usage: Usage;
  finishReason: FinishReason;
  model: string;
  costUsd: number | null;
  structured?: StructuredMode;
}

/** Filters for listing units. */
export interface UnitQuery {
  status?: UnitStatus;
  offset?: number;
  limit?: number;
}

/**
 * Durable storage of runs, units, trace events and the completion cache.
 * Implementations: SQLite (default) and PostgreSQL; one shared test suite
 * (src/testing/trace-store-suite.ts, shipped as quorum/testing) runs against every implementation.
 */
export interface TraceStore {
  readonly kind: string;
  /** Creates the run. Throws `StoreError` when the id exists. */
  createRun(run: RunRecord): Promise<void>;
  getRun(id: string): Promise<RunRecord | undefined>;
  /** Runs, newest first, with unit counts. */
  listRuns(): Promise<RunListing[]>;
  setRunStatus(id: string, status: RunStatus): Promise<void>;
  /**
   * Appends to the run's `config.versionMix` (a resume by another code
   * version); the rest of the configuration is left as it was. Throws
   * `StoreError` for an unknown run.
   */
  recordVersionMix(id: string, mix: VersionMix): Promise<void>;
  /** Plans units; keys already present are kept as they are. Returns the unit ids in key order. */
  addUnits(runId: string, keys: readonly UnitKey[]): Promise<string[]>;
  listUnits(runId: string, query?: UnitQuery): Promise<UnitRecord[]>;
  getUnit(unitId: string): Promise<UnitRecord | undefined>;
  countUnits(runId: string): Promise<UnitCounts>;
  /**
   * The run's units counted per (protocol, seed, status, answer status,
   * correctness, unanimity), sorted by `firstPosition`: what a run's
   * overview shows (outcome counts, protocols, seeds) without reading every
   * summary into memory. SQL backends count with `GROUP BY` in the
   * database. An unknown run has no groups.
   */
  countUnitGroups(runId: string): Promise<UnitGroup[]>;
  /**
   * Stores a finished unit's events and summary atomically. Returns false
   * (and changes nothing) when the unit was already finished: every unit is
   * stored exactly once.
   */
  completeUnit(unitId: string, result: UnitResult): Promise<boolean>;
  /**
   * Makes the run's failed units pending again, in one transaction, so that
   * running them again stores each exactly once through `completeUnit`. The
   * failed attempt (summary, finish time, events) moves to the unit's
   * failure history (`listUnitFailures`) rather than being deleted. Returns
   * how many units were reset.
   */
  retryFailedUnits(runId: string): Promise<number>;
  /** The unit's earlier failed attempts, oldest first (empty when it never failed and ran again). */
  listUnitFailures(unitId: string): Promise<UnitFailure[]>;
  /** The unit's events in order (empty for pending units). */
  getEvents(unitId: string): Promise<TraceEvent[]>;
  getCompletion(key: string): Promise<CachedCompletion | undefined>;
  /** Stores a completion; an existing key keeps its first value. */
  putCompletion(key: string, value: CachedCompletion): Promise<void>;
  /**
   * Stores an audit of a run and its per-unit results atomically. Throws
   * `StoreError` when the run is unknown or the audit id exists. Audits of
   * one run never replace each other: re-auditing adds one.
   */
  saveAudit(audit: AuditRecord, questions: readonly AuditQuestionRecord[]): Promise<void>;
  /** The run's audits, newest first. */
  listAudits(runId: string): Promise<AuditRecord[]>;
  getAudit(id: string): Promise<AuditRecord | undefined>;
  /** An audit's per-unit results in the order they were saved. */
  listAuditQuestions(auditId: string, query?: AuditQuestionQuery): Promise<AuditQuestionRecord[]>;
  /**
   * An audit's per-unit scores in saved order, without alignment details:
   * columns only, so a 10,000-unit audit reads in one cheap query. With
   * `unitIds`, only those units' scores (still in saved order; units not
   * in the audit are left out): a page of a table reads its own rows.
   */
  listAuditScores(auditId: string, unitIds?: readonly string[]): Promise<AuditScoreRecord[]>;
  /**
   * Creates a study, or updates an existing one's name, status, note,
   * configuration and `updatedAt` (its `createdAt` is kept).
   */
  saveStudy(study: StudyRecord): Promise<void>;
  getStudy(id: string): Promise<StudyRecord | undefined>;
  /** Studies, most recently updated first. */
  listStudies(): Promise<StudyRecord[]>;
  /**
   * Records that `runId` holds `cell` of the study and returns the run that
   * holds it: an existing link is kept (and returned), never replaced.
   * Throws `StoreError` for an unknown study or run.
   */
  linkStudyRun(studyId: string, cell: string, runId: string): Promise<string>;
  /** The study's links in the order they were made. */
  listStudyRuns(studyId: string): Promise<StudyRunLink[]>;
  close(): Promise<void>;
}

/** Lifecycle of a study. `interrupted`: stopped early (budget, signal); running it again continues. */
export type StudyStatus = 'running' | 'done' | 'interrupted';

/** A stored study (docs/studies.md). */
export interface StudyRecord {
  id: string;
  name: string;
  /** ISO times: first saved, last saved. */
  createdAt: string;
  updatedAt: string;
  status: StudyStatus;
  /** Why the study stopped early, for people (e.g. "token budget reached"); null otherwise. */
  note: string | null;
  /** The resolved study configuration (`StudyConfig` of src/study), as JSON-compatible data. */
  config: Record<string, unknown>;
}

/** The run that holds one cell of a study's grid. */
export interface StudyRunLink {
  studyId: string;
  /** Cell key, `protocol|dataset|setup`. */
  cell: string;
  runId: string;
}

/** The deterministic id of a unit: the same key always gives the same id. */
export type UnitIdFunction = (runId: string, key: UnitKey) => string;
