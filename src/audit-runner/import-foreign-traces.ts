import { scorerFor } from '../metrics/scorers/scorer-for.js';
import { summarizeUnit } from '../metrics/summarize-unit.js';
import { majorityVote } from '../protocols/debate/aggregate.js';
import type { GdpStep } from '../spec/answer.js';
import type { Gold, Question } from '../spec/question.js';
import { scoreFinal } from '../runner/score-final.js';
import type { RunConfig } from '../spec/run-config.js';
import type { TraceStore } from '../spec/store.js';
import { traceEventSchema, type TraceEvent, type TraceEventInput } from '../spec/trace.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';
import { sha256 } from '../util/hash.js';
import { deriveSeed } from '../util/seed.js';
import { CODE_VERSION } from '../version.js';
import { foreignAnswer, readForeignTraces, type ForeignAgent, type ForeignTrace } from './foreign-traces.js';

/** Backend and protocol name recorded for foreign traces: no model of ours produced them. */
export const FOREIGN = 'foreign';

/** What importing a foreign-trace file did. */
export interface ForeignImport {
  runId: string;
  /** False when the same file content was imported before (its run is reused). */
  created: boolean;
  units: number;
}

/**
 * Stores a foreign-trace file as a synthetic run, so that its audits live
 * beside it like any run's and the viewer can show it. The run id comes
 * from the file's content (`foreign-<sha256 prefix>`): importing the same
 * file again reuses the run and stores nothing twice. Each line becomes a
 * finished unit whose events are what the line says — one turn per agent
 * and round (earlier rounds carry only answers), a vote when the majority
 * had to be computed, and the final answer. Scoring points are kept in
 * the run's `config.audit.scoringPoints` for CARA-GT.
 */
export async function importForeignTraces(store: TraceStore, file: string, options: { clock?: Clock } = {}): Promise<ForeignImport> {
  const clock = options.clock ?? systemClock;
  const { text, lines } = await readForeignTraces(file);
  const contentHash = sha256(text);
  const runId = `foreign-${contentHash.slice(0, 12)}`;
  const traces = lines.map((entry) => entry.trace);
  let created = false;
  if ((await store.getRun(runId)) === undefined) {
    await store.createRun({ id: runId, createdAt: isoNow(clock), status: 'done', config: foreignRunConfig(file, contentHash, traces) });
    created = true;
  }
  const ids = await store.addUnits(
    runId,
    traces.map((trace) => ({ questionId: trace.question_id, protocol: trace.protocol ?? FOREIGN, seed: trace.seed ?? 0 })),
  );
  const at = isoNow(clock);
  for (const [index, trace] of traces.entries()) {
    const events = foreignEvents(trace, at);
    // Already stored on an earlier import: completeUnit leaves it as it is.
    await store.completeUnit(ids[index]!, { status: 'done', events, summary: summarizeUnit(events), finishedAt: at });
  }
  return { runId, created, units: traces.length };
}

function foreignRunConfig(file: string, contentHash: string, traces: readonly ForeignTrace[]): RunConfig {
  const agentNames = [...new Set(traces.flatMap((trace) => trace.agents.map((agent) => agent.name)))];
  const scoringPoints = Object.fromEntries(traces.filter((trace) => trace.scoring_points !== undefined).map((trace) => [trace.question_id, trace.scoring_points!]));
  return {
    protocol: { name: FOREIGN, preset: FOREIGN, params: { protocols: [...new Set(traces.map((trace) => trace.protocol ?? FOREIGN))] } },
    agents: agentNames.map((name) => ({ name, backend: FOREIGN, decoding: {} })),
    dataset: { name: 'foreign-traces', path: file, questionIds: [...new Set(traces.map((trace) => trace.question_id))], contentHash },
    seeds: [...new Set(traces.map((trace) => trace.seed ?? 0))].sort((a, b) => a - b),
    concurrency: 1,
    audit: { source: 'foreign-traces', scoringPoints },
    codeVersion: CODE_VERSION,
    traceVersion: 1,
  };
}

/** The gold answer as quorum's `Gold`: numbers, option letters, or text. */
function foreignGold(value: string | number | null | undefined): Gold {
  if (typeof value === 'number') return { kind: 'number', value };
  const text = foreignAnswer(value);
  if (text === null) return { kind: 'none' };
  return /^[A-Za-z]$/.test(text) ? { kind: 'choice', value: text.toUpperCase() } : { kind: 'text', value: text };
}

function foreignEvents(trace: ForeignTrace, at: string): TraceEvent[] {
  const seed = trace.seed ?? 0;
  const bodies: TraceEventInput[] = [];
  let finalRound = 0;
  trace.agents.forEach((agent, position) => {
    const history = agent.history ?? [];
    history.forEach((answer, round) => bodies.push(turn(trace, agent, position, round, foreignAnswer(answer), '', undefined)));
    const steps = agent.steps?.map((step): GdpStep => (typeof step === 'string' ? { claim: step, ground: '' } : { claim: step.claim, ground: step.ground ?? '' }));
    const rationale = agent.rationale ?? steps?.map((step) => (step.ground === '' ? step.claim : `${step.claim} — ${step.ground}`)).join('\n') ?? '';
    bodies.push(turn(trace, agent, position, history.length, foreignAnswer(agent.answer), rationale, steps));
    finalRound = Math.max(finalRound, history.length);
  });
  // scored like a run's unit: the dataset's scorer grades the answer and its equality counts the vote and the agreement set
  const question: Question = { id: trace.question_id, prompt: trace.question ?? trace.question_id, gold: foreignGold(trace.gold), ...(trace.meta === undefined ? {} : { meta: trace.meta }) };
  const scorer = scorerFor(question, trace.dataset);
  let aggregated = foreignAnswer(trace.aggregated);
  if (trace.aggregated === undefined) {
    const answers = new Map(trace.agents.map((agent) => [agent.name, foreignAnswer(agent.answer)]));
    const vote = majorityVote(finalRound, answers, deriveSeed(seed, trace.question_id, 'foreign-majority'), (a, b) => scorer.equivalent(a, b, question));
    bodies.push(vote);
    aggregated = vote.winner;
  }
  const answer = aggregated === null ? { status: 'unparsed' as const, value: null } : { status: 'ok' as const, value: aggregated };
  const events = bodies.map((body, index) => traceEventSchema.parse({ v: 1, seq: index, at, ...body }));
  const final = scoreFinal({ type: 'final', answer, aggregate: trace.aggregated === undefined ? 'majority' : 'given', roundsRun: finalRound + 1, stoppedEarly: false }, events, question, scorer);
  return [...events, traceEventSchema.parse({ v: 1, seq: events.length, at, ...final })];
}

function turn(trace: ForeignTrace, agent: ForeignAgent, position: number, round: number, answer: string | null, rationale: string, steps: GdpStep[] | undefined): TraceEventInput {
  return {
    type: 'turn',
    agent: agent.name,
    round,
    draft: 0,
    position,
    saw: [],
    seed: trace.seed ?? 0,
    parsed: {
      answer: answer === null ? { status: 'unparsed', value: null } : { status: 'ok', value: answer },
      rationale,
      ...(steps === undefined ? {} : { steps }),
      // Given steps are used as they are; a rationale is segmented like quorum's free-format turns.
      source: steps === undefined ? 'text' : 'json',
    },
    backend: FOREIGN,
    usage: { promptTokens: 0, cachedPromptTokens: 0, completionTokens: 0 },
    latencyMs: 0,
    cacheHit: false,
    costUsd: null,
    attempts: 1,
    finishReason: 'stop',
    messages: trace.question === undefined ? [] : [{ role: 'user', content: trace.question }],
    text: rationale,
  };
}
