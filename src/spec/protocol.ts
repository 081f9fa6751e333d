import type { ChatBackend, Decoding } from './chat.js';
import type { Question } from './question.js';
import type { TraceEventInput } from './trace.js';

/** An agent bound to a backend, a persona and decoding settings. */
export interface Agent {
  /** Neutral display name (Agent A, …) unless configured. */
  readonly name: string;
  readonly backend: ChatBackend;
  /** Role text placed after the shared prompt prefix. */
  readonly persona?: string;
  readonly decoding: Decoding;
}

/** Everything a protocol needs to run one unit (question × protocol × seed). */
export interface ProtocolContext {
  readonly question: Question;
  readonly agents: readonly Agent[];
  /** The judge, for protocols that rank or select contributions. */
  readonly judge?: Agent;
  /** The unit's seed; per-call seeds derive from it (see `deriveSeed`). */
  readonly seed: number;
  /** Appends an event to the unit's trace, in order. */
  emit(event: TraceEventInput): void;
  readonly signal?: AbortSignal;
}

/**
 * The rules of interaction. A protocol schedules model calls, emits every
 * turn, vote and decision as a trace event, and ends with exactly one
 * `final` event. It never talks HTTP and never writes to a store.
 */
export interface Protocol {
  /** Name as stored in units (the preset name, e.g. `gdp`). */
  readonly name: string;
  /** Resolved parameters, recorded in the run configuration. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Whether the protocol calls a judge (then the context must have one). */
  readonly needsJudge: boolean;
  run(context: ProtocolContext): Promise<void>;
}
