import type { ParsedTurn } from './answer.js';
import type { ChatBackend, ChatRequest, ChatResponse, Decoding } from './chat.js';
import type { PosedQuestion } from './question.js';
import type { ProtocolEventInput, TurnEvent, TurnRef } from './trace.js';

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
  /**
   * Calls an agent's model and records the call (Inspect's injected
   * `generate`): sends the request with the agent's decoding and a seed
   * derived from the unit, parses the reply with `options.parse`, and emits
   * the `turn` event with who-saw-what, usage, latency, cost, attempts and
   * the exact messages. A failed call throws a `TurnError`, which the runner
   * records as an `error` event naming the agent, round, backend and
   * attempts. A protocol never writes a turn event by hand.
   */
  call(agent: Agent, request: ModelRequest, options: CallOptions): Promise<CallResult>;
}

/** What a protocol asks of a model: the messages and, optionally, structured output. */
export type ModelRequest = Pick<ChatRequest, 'messages' | 'responseFormat' | 'sampleIndex'>;

/** Where a model call sits in the trace, how its seed is drawn and how its reply reads. */
export interface CallOptions {
  /** The round the turn belongs to. */
  round: number;
  /** Reads the reply into the turn's parsed fields (answer, rationale, source). */
  parse(reply: ChatResponse): ParsedTurn;
  /** Turns whose output the messages show (the event's `saw` edges; `draft` defaults to 0). */
  saw?: readonly TurnRef[];
  /** Speaking position within the round (default 0). */
  position?: number;
  /** Draft index of the turn (default 0). */
  draft?: number;
  /** The name the turn is recorded under (default: the agent's name). */
  as?: string;
  /** A turn that proposes no answer of its own: `summarizer` or `moderator`. */
  role?: TurnEvent['role'];
  /**
   * Distinguishes two calls of one agent in one round: the seed derives from
   * (unit seed, question id, recorded name, round, purpose); default `act`.
   */
  purpose?: string;
  /** The seed's parts after (unit seed, question id), replacing (name, round, purpose). */
  seedKey?: ReadonlyArray<string | number>;
  /**
   * False: return the event instead of emitting it, for a protocol that emits
   * concurrent calls in a fixed order or after a later decision (drafts).
   */
  emit?: boolean;
}

/** A recorded model call: the reply, its parsed fields and the turn event. */
export interface CallResult {
  response: ChatResponse;
  parsed: ParsedTurn;
  event: TurnEvent;
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
