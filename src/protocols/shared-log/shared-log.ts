import type { TraceEventInput, TurnRef } from '../../spec/trace.js';
import type { EvidenceClaim, EvidenceSources } from './evidence-sources.js';
import { EVIDENCE_TYPES, type EntryType, type LogEntry } from '../../spec/log-entry.js';

/** Where and by whom an entry is written. */
export interface EntryOrigin {
  round: number;
  agent: string;
  /** The model call behind it, if any. */
  turn?: TurnRef;
}

/**
 * The append-only shared log, the only channel between DeALOG's agents.
 * Evidence (LOOKUP, QUOTE, VISUAL) enters only through `propose`, which runs
 * the provenance check and appends the entry accepted or rejected; other
 * types enter through `append`. Every entry is emitted as a `log-entry`
 * trace event the moment it is appended.
 */
export class SharedLog {
  readonly #entries: LogEntry[] = [];
  readonly #sources: EvidenceSources;
  readonly #emit: (event: TraceEventInput) => void;

  constructor(sources: EvidenceSources, emit: (event: TraceEventInput) => void) {
    this.#sources = sources;
    this.#emit = emit;
  }

  /** Every entry, rejected ones included, in order. */
  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  /** Number of entries (the next entry's seq). */
  get length(): number {
    return this.#entries.length;
  }

  /** Accepted entries (what agents see), optionally from `fromSeq` on. */
  accepted(fromSeq = 0): LogEntry[] {
    return this.#entries.slice(fromSeq).filter((entry) => entry.accepted);
  }

  /** The entry at a position. */
  get(seq: number): LogEntry | undefined {
    return this.#entries[seq];
  }

  /** The latest accepted entry of a type. */
  latest(type: EntryType): LogEntry | undefined {
    return this.#entries.findLast((entry) => entry.accepted && entry.type === type);
  }

  /**
   * Checks a piece of evidence against its source and appends it, accepted
   * or rejected. `extra` adds fields to its `meta` (e.g. the retrieval rank
   * of a quoted passage); the check's own provenance fields win.
   */
  propose(origin: EntryOrigin, evidence: EvidenceClaim, extra: Record<string, unknown> = {}): LogEntry {
    const result = this.#sources.check(evidence);
    if (result.accepted) return this.#push(origin, evidence.type, result.content, { ...extra, ...result.meta }, true);
    const claimed = 'value' in evidence.claim ? evidence.claim.value : evidence.claim.text;
    return this.#push(origin, evidence.type, claimed, { ...extra, ...result.meta }, false, result.rejection);
  }

  /** Appends an entry that needs no provenance check (SUMMARY, ANSWER, FLAG, OK). */
  append(origin: EntryOrigin, type: Exclude<EntryType, 'LOOKUP' | 'QUOTE' | 'VISUAL'>, content: string, meta: Record<string, unknown>): LogEntry {
    if (EVIDENCE_TYPES.has(type)) throw new TypeError(`${type} entries must be proposed, so that their provenance is checked`);
    return this.#push(origin, type, content, meta, true);
  }

  /** Records evidence that could not even be produced (e.g. OCR failed), as a rejected entry. */
  reject(origin: EntryOrigin, type: 'LOOKUP' | 'QUOTE' | 'VISUAL', content: string, meta: Record<string, unknown>, rejection: string): LogEntry {
    return this.#push(origin, type, content, meta, false, rejection);
  }

  #push(origin: EntryOrigin, type: EntryType, content: string, meta: Record<string, unknown>, accepted: boolean, rejection?: string): LogEntry {
    const entry: LogEntry = {
      seq: this.#entries.length,
      round: origin.round,
      agent: origin.agent,
      type,
      content,
      meta,
      accepted,
      ...(rejection === undefined ? {} : { rejection }),
      ...(origin.turn === undefined ? {} : { turn: origin.turn }),
    };
    this.#entries.push(entry);
    this.#emit({
      type: 'log-entry',
      logSeq: entry.seq,
      round: entry.round,
      agent: entry.agent,
      entryType: type,
      content,
      meta,
      accepted,
      ...(rejection === undefined ? {} : { rejection }),
    });
    return entry;
  }
}
