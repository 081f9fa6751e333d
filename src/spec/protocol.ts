import type { ChatBackend, Decoding } from './chat.js';
import type { PosedQuestion } from './question.js';
import type { ProtocolEventInput } from './trace.js';

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
  readonly question: PosedQuestion;
  readonly agents: readonly Agent[];
  /** The judge, for protocols that rank or select contributions. */
  readonly judge?: Agent;
  /** The unit's seed; per-call seeds derive from it (see `deriveSeed`). */
  readonly seed: number;
  /** Appends an event to the unit's trace, in order; the runner scores the `final` event. */
  emit(event: ProtocolEventInput): void;
  /**
   * Whether two stated answers are the same answer under the dataset's
   * answer equality (the scorer's; it never reads the gold). Majority votes
   * count with it, so `Canberra` and `canberra` are one vote.
   */
  sameAnswer(a: string, b: string): boolean;
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
