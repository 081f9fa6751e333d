/**
 * Builders of valid trace v1 data for tests: events that pass the zod
 * schemas of src/spec/trace.ts, unit results, summaries, run records and
 * cached completions. Every builder takes overrides; events come out of
 * `traceEventSchema.parse`, so their key order is the schema's.
 */
import type { RunConfig } from '../spec/run-config.js';
import type { CachedCompletion, RunRecord, UnitResult, UnitSummary } from '../spec/store.js';
import {
  traceEventSchema,
  type ErrorEvent,
  type FinalEvent,
  type TraceEvent,
  type TraceEventInput,
  type TurnEvent,
  type VoteEvent,
} from '../spec/trace.js';

/** Time every fixture uses unless told otherwise. */
export const FIXTURE_TIME = '2026-01-01T00:00:00.000Z';

/** A valid resolved run configuration (three scripted agents, `du` preset). */
export function runConfig(overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    protocol: { name: 'du', preset: 'du', params: { rounds: 1, visibility: 'previous-round' } },
    agents: ['Agent A', 'Agent B', 'Agent C'].map((name) => ({ name, backend: 'scripted:scripted', decoding: { temperature: 0 } })),
    dataset: { name: 'fixture', path: 'builtin:fixture', questionIds: ['q1', 'q2', 'q3'], contentHash: 'f'.repeat(64) },
    seeds: [1],
    concurrency: 2,
    codeVersion: '0.1.0',
    traceVersion: 1,
    ...overrides,
  };
}

/** A run record with a valid configuration. */
export function runRecord(id: string, overrides: Partial<RunRecord> = {}): RunRecord {
  return { id, createdAt: FIXTURE_TIME, status: 'running', config: runConfig(), ...overrides };
}

/** The body of a `turn` event. */
export function turnBody(overrides: Partial<Omit<TurnEvent, 'type'>> = {}): TraceEventInput {
  const agent = overrides.agent ?? 'Agent A';
  const round = overrides.round ?? 0;
  const answer = overrides.parsed?.answer.value ?? 'B';
  return {
    type: 'turn',
    agent,
    round,
    draft: 0,
    position: 0,
    saw: round === 0 ? [] : [{ agent: 'Agent B', round: round - 1 }],
    seed: 1234,
    parsed: { answer: { status: 'ok', value: answer, rule: 'final-answer-line' }, rationale: `Because of the mechanism, ${agent} picks ${answer}.`, source: 'text' },
    backend: 'scripted:scripted',
    usage: { promptTokens: 120, cachedPromptTokens: 0, completionTokens: 40 },
    latencyMs: 0,
    cacheHit: false,
    costUsd: null,
    attempts: 1,
    finishReason: 'stop',
    messages: [
      { role: 'system', content: 'You are one of several agents answering a multiple-choice question.' },
      { role: 'user', content: `Question: which option is right? A) one B) two C) three D) four.\nAnswer as ${agent}, round ${round}.` },
    ],
    text: `Rationale: the mechanism points to ${answer} — “quoted” ✓.\nFinal answer: ${answer}`,
    ...overrides,
  };
}

/** The body of a `vote` event. */
export function voteBody(overrides: Partial<Omit<VoteEvent, 'type'>> = {}): TraceEventInput {
  return { type: 'vote', round: 0, answers: { 'Agent A': 'B', 'Agent B': 'B', 'Agent C': null }, tally: { B: 2 }, winner: 'B', unanimous: false, ...overrides };
}

/** The body of a `final` event. */
export function finalBody(overrides: Partial<Omit<FinalEvent, 'type'>> = {}): TraceEventInput {
  return {
    type: 'final',
    answer: { status: 'ok', value: 'B' },
    gold: 'B',
    correct: true,
    aggregate: 'majority',
    roundsRun: 1,
    stoppedEarly: false,
    ...overrides,
  };
}

/** The body of an `error` event. */
export function errorBody(overrides: Partial<Omit<ErrorEvent, 'type'>> = {}): TraceEventInput {
  return { type: 'error', code: 'BACKEND_TIMEOUT', message: 'scripted:scripted: timed out', hint: 'retry later', agent: 'Agent C', round: 0, ...overrides };
}

/** Wraps bodies in the v1 envelope (seq = position) and validates them. */
export function traceEvents(bodies: readonly TraceEventInput[], at: string = FIXTURE_TIME): TraceEvent[] {
  return bodies.map((body, seq) => traceEventSchema.parse({ v: 1, seq, at, ...body }));
}

/** Options of `unitEvents`. */
export interface UnitEventsOptions {
  agents?: readonly string[];
  /** Interaction rounds after round 0. */
  rounds?: number;
  /** Add an `error` event before the final one. */
  withError?: boolean;
  /** Distinguishes the texts of different units. */
  label?: string;
}

/**
 * A plausible unit: every agent's turn per round, a vote per round, an
 * optional error and the final answer. The defaults (3 agents, 1 round,
 * with an error) give 10 events.
 */
export function unitEvents(options: UnitEventsOptions = {}): TraceEvent[] {
  const agents = options.agents ?? ['Agent A', 'Agent B', 'Agent C'];
  const rounds = options.rounds ?? 1;
  const bodies: TraceEventInput[] = [];
  for (let round = 0; round <= rounds; round++) {
    agents.forEach((agent, position) => {
      const body = turnBody({ agent, round, position });
      if (options.label !== undefined && body.type === 'turn') body.text = `${body.text}\n(${options.label})`;
      bodies.push(body);
    });
    bodies.push(voteBody({ round, answers: Object.fromEntries(agents.map((agent) => [agent, 'B'])), tally: { B: agents.length }, unanimous: true }));
  }
  if (options.withError ?? true) bodies.push(errorBody({ round: rounds }));
  bodies.push(finalBody({ roundsRun: rounds + 1 }));
  return traceEvents(bodies);
}

/** A valid unit summary. */
export function unitSummary(overrides: Partial<UnitSummary> = {}): UnitSummary {
  return {
    answer: 'B',
    answerStatus: 'ok',
    gold: 'B',
    correct: true,
    unanimous: true,
    answersByRound: { 'Agent A': ['B', 'B'], 'Agent B': ['B', 'B'], 'Agent C': [null, 'B'] },
    roundsRun: 2,
    calls: 6,
    cacheHits: 0,
    usage: { promptTokens: 720, cachedPromptTokens: 0, completionTokens: 240 },
    costUsd: null,
    latencyMs: 0,
    errors: 1,
    ...overrides,
  };
}

/** A finished unit: 10 events by default. */
export function unitResult(overrides: Partial<UnitResult> & { events?: TraceEvent[] } = {}): UnitResult {
  return { status: 'done', events: unitEvents(), summary: unitSummary(), finishedAt: FIXTURE_TIME, ...overrides };
}

/** A cached completion. */
export function cachedCompletion(text = 'Final answer: B', overrides: Partial<CachedCompletion> = {}): CachedCompletion {
  return {
    text,
    usage: { promptTokens: 100, cachedPromptTokens: 20, completionTokens: 10 },
    finishReason: 'stop',
    model: 'scripted',
    costUsd: 0.0001,
    ...overrides,
  };
}

/** One valid body of every event type, in a plausible order (ends with `final`). */
export function everyEventTypeBodies(): TraceEventInput[] {
  return [
    turnBody(),
    turnBody({ agent: 'Agent B', position: 1, structured: 'repaired', costUsd: 0.0021, cacheHit: true, attempts: 2 }),
    {
      type: 'judge-rank',
      round: 0,
      judge: 'Judge',
      ranking: ['Agent B', 'Agent A'],
      rationale: 'B cites the guideline.',
      tieBreak: { seed: 7, tied: [['Agent A', 'Agent C']] },
      seed: 99,
      backend: 'scripted:judge',
      usage: { promptTokens: 300, cachedPromptTokens: 100, completionTokens: 20 },
      latencyMs: 12.5,
      cacheHit: false,
      costUsd: null,
      attempts: 1,
      finishReason: 'length',
      messages: [{ role: 'user', content: 'Rank the answers.' }],
      text: '{"ranking":["Agent B","Agent A"]}',
    },
    { type: 'mute', round: 1, agent: 'Agent C', reason: 'lowest-ranked in round 0' },
    {
      type: 'log-entry',
      logSeq: 0,
      round: 0,
      agent: 'TableAgent',
      entryType: 'LOOKUP',
      content: 'Revenue 2019 = 1,234',
      meta: { table: 'table', row: 3, column: 'Revenue', nested: { ok: [1, null, 'x'] } },
      accepted: false,
      rejection: 'value not in the cited cell',
    },
    { type: 'verify', round: 0, verdict: 'FLAG', checks: [{ name: 'arithmetic', passed: false, detail: '1234 ≠ 1243' }, { name: 'scale', passed: true }] },
    voteBody({ tieBreak: { tied: ['B', 'C'], seed: 5, drawn: 'B' } }),
    errorBody({ hint: undefined }),
    finalBody({ answer: { status: 'ambiguous', value: null, candidates: ['C', 'D'] }, gold: null, correct: null, stoppedEarly: true }),
  ];
}
