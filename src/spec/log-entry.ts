import type { TurnRef } from './trace.js';
import type { Scale } from '../tools/units/scale.js';

/** The entry types of the shared log (DESIGN §5). */
export const ENTRY_TYPES = ['LOOKUP', 'QUOTE', 'VISUAL', 'SUMMARY', 'ANSWER', 'FLAG', 'OK'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** Entries that carry evidence from a source and pass a provenance check before they count. */
export const EVIDENCE_TYPES: ReadonlySet<EntryType> = new Set<EntryType>(['LOOKUP', 'QUOTE', 'VISUAL']);

/** Which kind of source an item lives in; `any` when a FLAG cannot tell. */
export type Modality = 'table' | 'text' | 'image' | 'any';

/** The modality of an evidence entry type. */
export const MODALITY_OF: Readonly<Partial<Record<EntryType, Modality>>> = { LOOKUP: 'table', QUOTE: 'text', VISUAL: 'image' };

/**
 * One entry of the shared log. `seq` is its position (rejected entries
 * included, so a citation of a rejected entry can be named); only accepted
 * entries are shown to agents. Stored as a `log-entry` trace event.
 */
export interface LogEntry {
  readonly seq: number;
  readonly round: number;
  /** The role that wrote it. */
  readonly agent: string;
  readonly type: EntryType;
  /** What agents read: for evidence, the source's own text (cell, span, OCR lines). */
  readonly content: string;
  /** Provenance and structured fields (see the `*Meta` types). */
  readonly meta: Readonly<Record<string, unknown>>;
  readonly accepted: boolean;
  readonly rejection?: string;
  /** The model call that produced it (absent for deterministic entries); used for `saw` edges, not stored in the event. */
  readonly turn?: TurnRef;
}

/** `meta` of an ANSWER entry. */
export interface AnswerMeta {
  /** The proposed answer: a number for numeric questions, else text; null when the model gave none. */
  answer: number | string | null;
  /** Scale the answer is written in (TAT-QA names; `percent` for percentages). */
  scale: Scale;
  /** FinQA program or arithmetic expression that computes the answer, if any. */
  program: string | null;
  /** Log entries (seq) the answer relies on. */
  uses: number[];
  /** True when the summariser was asked to answer now (last round, or nothing new to wait for). */
  forced: boolean;
}

/** What a FLAG asks the specialists to find or fix. */
export interface FlagTarget {
  modality: Modality;
  /** The missing or inconsistent item, in words ("operand 5735", "entry #4"). */
  item: string;
}

/** `meta` of a FLAG or OK entry. */
export interface VerdictMeta {
  /** The ANSWER entry judged. */
  answerSeq: number;
  /** Names of the checks that failed (empty for OK). */
  failed: string[];
  /** For FLAG: the item the second-chance round targets. */
  target?: FlagTarget;
}

/** The `meta` of an ANSWER entry, typed (entries are built by this module, so the shape is known). */
export function answerMeta(entry: LogEntry): AnswerMeta {
  return entry.meta as unknown as AnswerMeta;
}

/** The `meta` of a FLAG or OK entry, typed. */
export function verdictMeta(entry: LogEntry): VerdictMeta {
  return entry.meta as unknown as VerdictMeta;
}
