import { z } from 'zod';
import { parsedAnswerSchema, parsedTurnSchema } from './answer.js';
import { ASK_ZOD, compileParse, type CompiledParse } from './compiled-parse.js';
import { ENTRY_TYPES } from './log-entry.js';

/**
 * Trace v1: the typed events of one unit, in order. Every field a metric,
 * report or the viewer reads lives here; see docs/trace-format.md.
 */
export const TRACE_VERSION = 1 as const;

export const usageSchema = z.object({
  promptTokens: z.number().int().nonnegative(),
  cachedPromptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
});

const messageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() });

/** A reference to one turn: who spoke in which round (and which draft). */
export const turnRefSchema = z.object({ agent: z.string(), round: z.number().int().nonnegative(), draft: z.number().int().nonnegative().optional() });
export type TurnRef = z.infer<typeof turnRefSchema>;

/** One HTTP attempt (or backend call) of a model call, failed or not (`AttemptRecord`). */
export const attemptRecordSchema = z.object({
  status: z.number().int().nullable(),
  reason: z.string(),
  ms: z.number().nonnegative(),
  detail: z.string().optional(),
  purpose: z.enum(['repair', 'schema-fallback', 'max-tokens-field']).optional(),
});

/** Cost and provenance fields shared by every event that records a model call. */
const callFields = {
  /** Backend id (no secrets). */
  backend: z.string(),
  usage: usageSchema,
  latencyMs: z.number().nonnegative(),
  cacheHit: z.boolean(),
  costUsd: z.number().nonnegative().nullable(),
  attempts: z.number().int().positive(),
  /** Every attempt behind `attempts`, with status and reason; absent for cache hits and backends that keep no log (older traces too). */
  attemptLog: z.array(attemptRecordSchema).optional(),
  finishReason: z.enum(['stop', 'length', 'other']),
  /** The exact messages sent. */
  messages: z.array(messageSchema),
  /** The raw reply text. */
  text: z.string(),
  /** How structured output was enforced, when requested. */
  structured: z.enum(['native', 'grammar', 'tolerant', 'repaired']).optional(),
} as const;

/** A ballot as read from an agent's reply; numbers index the vote's candidates. */
const ballotFields = {
  agent: z.string(),
  rule: z.enum(['approval', 'ranked', 'cumulative']),
  /** False when the reply could not be read as a ballot of this rule (then `problem` says why). */
  valid: z.boolean(),
  problem: z.string().optional(),
  /** approval: the approved candidates. */
  approvals: z.array(z.number().int().nonnegative()).optional(),
  /** ranked: candidates from most to least preferred. */
  ranking: z.array(z.number().int().nonnegative()).optional(),
  /** cumulative: points per candidate number. */
  points: z.record(z.string(), z.number().int().nonnegative()).optional(),
} as const;
const ballotSchema = z.object(ballotFields);

/** One agent producing one message in one round. */
export const turnEventSchema = z.object({
  type: z.literal('turn'),
  agent: z.string(),
  round: z.number().int().nonnegative(),
  /** Draft index when the protocol asks for several drafts (0 otherwise). */
  draft: z.number().int().nonnegative().default(0),
  /** Position in the round's speaking order (0-based). */
  position: z.number().int().nonnegative(),
  /** The turns whose messages were shown to the agent (visibility edges), in presentation order. */
  saw: z.array(turnRefSchema),
  /** Seed used for this call. */
  seed: z.number().int().nonnegative(),
  /** False for drafts the judge did not pick; the selected turn is the one peers see and votes count. */
  selected: z.boolean().default(true),
  parsed: parsedTurnSchema,
  /** Whether this turn's answer is correct, as the runner's scorer judges it (null: no gold); absent in older traces. */
  correct: z.boolean().nullable().optional(),
  /**
   * Set on turns that speak about the debate instead of answering it:
   * ChatEval's summarizer and MAD's moderator. They are calls like any other
   * (tokens, cost, latency), but not an agent's answer: votes, the agreement
   * set, unanimity, answer dynamics, PRR, AD and CARA skip them
   * (`isAnswerTurn`). Absent: an answering agent's turn.
   */
  role: z.enum(['summarizer', 'moderator']).optional(),
  ...callFields,
});

/** Answers counted at the end of a round or of the unit. */
export const voteEventSchema = z.object({
  type: z.literal('vote'),
  round: z.number().int().nonnegative(),
  /** Each counted agent's current answer (null when unparsed or ambiguous). */
  answers: z.record(z.string(), z.string().nullable()),
  /** Votes per answer value. */
  tally: z.record(z.string(), z.number().int().nonnegative()),
  /** The winning answer, or null when no agent gave a parseable answer. */
  winner: z.string().nullable(),
  /** True when all counted agents gave the same parseable answer. */
  unanimous: z.boolean(),
  /**
   * Present when the top count was tied: the tied values, the rule that broke
   * the tie (`seeded`, also when absent: a draw with `seed`; `first`: the tied
   * value given first in agent order, as Du et al.'s eval does) and the value
   * it chose (`drawn`).
   */
  tieBreak: z
    .object({
      tied: z.array(z.string()),
      rule: z.enum(['seeded', 'first']).optional(),
      seed: z.number().int().nonnegative().optional(),
      drawn: z.string(),
    })
    .optional(),
  /** The decision rule's verdict after this round, when the protocol has one (docs/protocols.md, "Decision rules"). */
  decision: z
    .object({
      rule: z.enum(['majority', 'supermajority', 'unanimity', 'approval', 'ranked', 'cumulative']),
      /** Whether the rule reached a decision this round. */
      decided: z.boolean(),
      /** The decided answer (null: no decision). */
      winner: z.string().nullable(),
      /** Consensus rules: the share of all agents the rule needs, and the leading answer's share. */
      threshold: z.number().optional(),
      support: z.number().optional(),
      /** Voting rules: the distinct answers put to the vote, by ballot number (0-based). */
      candidates: z.array(z.string()).optional(),
      /** Voting rules: each agent's ballot as read (numbers index `candidates`); invalid ballots count for nothing. */
      ballots: z.array(ballotSchema).optional(),
      /** Voting rules: approvals, rank points or allocated points per candidate answer. */
      scores: z.record(z.string(), z.number()).optional(),
      /** Candidates tied at the top score (no decision). */
      tied: z.array(z.string()).optional(),
    })
    .optional(),
});

/** A judge's ranking of a round's contributions. */
export const judgeRankEventSchema = z.object({
  type: z.literal('judge-rank'),
  round: z.number().int().nonnegative(),
  judge: z.string(),
  /** `round`: the round's contributions; `drafts`: one agent's drafts; `final`: ranking for `aggregate: judge`. */
  purpose: z.enum(['round', 'drafts', 'final']).default('round'),
  /** Whose drafts were ranked (purpose `drafts`). */
  agent: z.string().optional(),
  /** Contributions (agent names, or `agent#draft` for drafts) from best to worst. */
  ranking: z.array(z.string()),
  /** The judge's score of each contribution (absent: the judge gave none). */
  scores: z.record(z.string(), z.number()).optional(),
  rationale: z.string(),
  /** Problems with the judge's reply (missing or unknown contributions, unparseable output). */
  warnings: z.array(z.string()).optional(),
  /** Ties the judge left, broken by a seeded draw. */
  tieBreak: z.object({ seed: z.number().int().nonnegative(), tied: z.array(z.array(z.string())) }).optional(),
  seed: z.number().int().nonnegative(),
  ...callFields,
});

/** One agent's call to cast a ballot for a voting decision rule (approval, ranked, cumulative). */
export const ballotEventSchema = z.object({
  type: z.literal('ballot'),
  round: z.number().int().nonnegative(),
  ...ballotFields,
  seed: z.number().int().nonnegative(),
  ...callFields,
});

/** An agent sitting out a round. */
export const muteEventSchema = z.object({
  type: z.literal('mute'),
  round: z.number().int().nonnegative(),
  agent: z.string(),
  reason: z.string(),
});

/** One entry appended to a shared log (DeALOG). */
export const logEntryEventSchema = z.object({
  type: z.literal('log-entry'),
  /** Position of the entry in the shared log (0-based). */
  logSeq: z.number().int().nonnegative(),
  round: z.number().int().nonnegative(),
  agent: z.string(),
  entryType: z.enum(ENTRY_TYPES),
  content: z.string(),
  meta: z.record(z.string(), z.unknown()),
  /** False when provenance checks rejected the entry (kept for the record, not shown to agents). */
  accepted: z.boolean(),
  rejection: z.string().optional(),
});

/** A verifier's verdict. */
export const verifyEventSchema = z.object({
  type: z.literal('verify'),
  round: z.number().int().nonnegative(),
  verdict: z.enum(['OK', 'FLAG']),
  /** What was checked and what failed. */
  checks: z.array(z.object({ name: z.string(), passed: z.boolean(), detail: z.string().optional() })),
});

/** The unit's final answer. */
export const finalEventSchema = z.object({
  type: z.literal('final'),
  answer: parsedAnswerSchema,
  /** The gold answer as text, or null when the question has none. */
  gold: z.string().nullable(),
  /** Whether the answer is correct (the scorer's headline verdict); null when there is no gold to compare with. */
  correct: z.boolean().nullable(),
  /** The scorer that judged it (`wtq-denotation`, …); absent in traces written before the runner scored. */
  scorer: z.string().optional(),
  /** The scorer's per-answer metric values (`em`, `f1`, `rougeL`, …). */
  scores: z.record(z.string(), z.number().nullable()).optional(),
  /**
   * The agreement set S(q): agents whose final answer equals the aggregated
   * answer under the dataset's answer equality, in speaking order.
   */
  agreement: z.array(z.string()).optional(),
  /** Per round: whether every agent that spoke gave the same parseable answer, under the dataset's answer equality. */
  unanimousByRound: z.array(z.boolean()).optional(),
  /** How the answer was aggregated (`majority`, `judge`, `mean`, `median`, `single`). */
  aggregate: z.string(),
  /** Rounds actually run (round 0 counts as one). */
  roundsRun: z.number().int().nonnegative(),
  /** True when the run stopped before its last round because agents agreed. */
  stoppedEarly: z.boolean(),
});

/** A failure inside the unit. The run goes on. */
export const errorEventSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  hint: z.string().optional(),
  agent: z.string().optional(),
  round: z.number().int().nonnegative().optional(),
  /** The backend of the call that failed, when a model call failed. */
  backend: z.string().optional(),
  /** HTTP attempts the failed call made (its retries and repairs included), when known. */
  attempts: z.number().int().nonnegative().optional(),
  /** Those attempts with status and reason, the last one failed. */
  attemptLog: z.array(attemptRecordSchema).optional(),
});

/** Any trace v1 event, without its envelope. */
export const traceEventBodySchema = z.discriminatedUnion('type', [
  turnEventSchema,
  voteEventSchema,
  judgeRankEventSchema,
  ballotEventSchema,
  muteEventSchema,
  logEntryEventSchema,
  verifyEventSchema,
  finalEventSchema,
  errorEventSchema,
]);
export type TraceEventBody = z.infer<typeof traceEventBodySchema>;
export type TraceEventInput = z.input<typeof traceEventBodySchema>;

let compiledBodyParse: CompiledParse | undefined;

/**
 * A stored event from a body: the envelope (`v`, `seq`, then `at` from
 * `now`), then the body as `traceEventBodySchema.parse` gives it. A body the
 * compiled parse vouches for is built without zod's per-field objects; any
 * other body, and every invalid one, goes through zod, which throws its own
 * error. `now` is called after the body passed, as it was when zod parsed
 * every event.
 */
export function traceEventFromBody(body: TraceEventInput, seq: number, now: () => string): TraceEvent {
  compiledBodyParse ??= compileParse(traceEventBodySchema);
  // The compiled parse writes the body's fields after the envelope's, the order the spread below gives, without a copy of the event.
  const event: Record<string, unknown> = { v: TRACE_VERSION, seq, at: '' };
  if (compiledBodyParse(body, event) === ASK_ZOD) {
    const checked = traceEventBodySchema.parse(body);
    return { v: TRACE_VERSION, seq, at: now(), ...checked } as TraceEvent;
  }
  event['at'] = now();
  return event as TraceEvent;
}

/** The fields of the `final` event the runner fills in: protocols never see the gold and never grade themselves. */
export type ScoringFields = 'gold' | 'correct' | 'scorer' | 'scores' | 'agreement' | 'unanimousByRound';

/** What a protocol emits: any event, with the answers of turns and of the `final` event but not their scoring. */
export type ProtocolEventInput =
  | Exclude<TraceEventInput, { type: 'final' | 'turn' }>
  | Omit<Extract<TraceEventInput, { type: 'turn' }>, 'correct'>
  | Omit<Extract<TraceEventInput, { type: 'final' }>, ScoringFields>;

/** The envelope every stored event has: version, order in the unit, time. */
const envelope = {
  v: z.literal(TRACE_VERSION),
  /** 0-based position in the unit's event list. */
  seq: z.number().int().nonnegative(),
  /** ISO time from the injected clock. */
  at: z.string(),
} as const;

/** A stored trace v1 event: envelope plus body (one flat discriminated union, which zod checks fast). */
export const traceEventSchema = z.discriminatedUnion('type', [
  turnEventSchema.extend(envelope),
  voteEventSchema.extend(envelope),
  judgeRankEventSchema.extend(envelope),
  ballotEventSchema.extend(envelope),
  muteEventSchema.extend(envelope),
  logEntryEventSchema.extend(envelope),
  verifyEventSchema.extend(envelope),
  finalEventSchema.extend(envelope),
  errorEventSchema.extend(envelope),
]);
export type TraceEvent = z.infer<typeof traceEventSchema>;

export type TurnEvent = z.infer<typeof turnEventSchema>;

/**
 * An agent's answer in the trace: a selected turn (the judge's pick among
 * drafts) that is not a summarizer's or moderator's turn. What votes,
 * agreement, unanimity, answer dynamics, PRR, AD and CARA read.
 */
export function isAnswerTurn(event: TraceEvent): event is Extract<TraceEvent, { type: 'turn' }> {
  return event.type === 'turn' && event.selected && event.role === undefined;
}
export type VoteEvent = z.infer<typeof voteEventSchema>;
export type JudgeRankEvent = z.infer<typeof judgeRankEventSchema>;
export type BallotEvent = z.infer<typeof ballotEventSchema>;
/** A ballot as recorded in a vote's decision. */
export type Ballot = z.infer<typeof ballotSchema>;
export type MuteEvent = z.infer<typeof muteEventSchema>;
export type LogEntryEvent = z.infer<typeof logEntryEventSchema>;
export type VerifyEvent = z.infer<typeof verifyEventSchema>;
export type FinalEvent = z.infer<typeof finalEventSchema>;
export type ErrorEvent = z.infer<typeof errorEventSchema>;
export type TraceEventType = TraceEventBody['type'];

/** Narrows a list of events to one type. */
export function eventsOfType<T extends TraceEventType>(events: readonly TraceEvent[], type: T): Array<TraceEvent & { type: T }> {
  return events.filter((event): event is TraceEvent & { type: T } => event.type === type);
}

/**
 * Events built by `executeUnit`, whose bodies it has just parsed as
 * `traceEventBodySchema` does (`traceEventFromBody`) and whose envelope it
 * wrote itself: the store does not parse them a second time on write
 * (validation stays once per event, and zod was the largest quorum-side
 * cost per completion in the benchmark). Anything else handed to a store — imported traces, tests,
 * other code — is still parsed there. A WeakSet: marking keeps nothing alive.
 */
const validatedEvents = new WeakSet<object>();

/** Marks an event as checked against trace v1 (only code that just parsed it may call this). */
export function markValidatedEvent(event: TraceEvent): TraceEvent {
  validatedEvents.add(event);
  return event;
}

/** Whether `markValidatedEvent` vouched for this very object. */
export function isValidatedEvent(event: object): boolean {
  return validatedEvents.has(event);
}
