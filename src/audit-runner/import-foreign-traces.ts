import { scorerFor } from '../metrics/scorers/scorer-for.js';
import { summarizeUnit } from '../metrics/summarize-unit.js';
import { majorityVote } from '../protocols/debate/aggregate.js';
import type { Question } from '../spec/question.js';
import { scoreFinal } from '../runner/score-final.js';
import type { RunConfig } from '../spec/run-config.js';
import type { TraceStore } from '../spec/store.js';
import { traceEventSchema, type TraceEvent, type TraceEventInput } from '../spec/trace.js';
import { isoNow, systemClock, type Clock } from '../util/clock.js';
import { sha256 } from '../util/hash.js';
import { deriveSeed } from '../util/seed.js';
import { CODE_VERSION } from '../version.js';
import { goldOf } from './imported-gold.js';
import { importedAnswer, type ImportedAgent, type ImportedRound, type ImportedTrace } from './imported-trace.js';
import { readTranscripts, type TranscriptFormat } from './read-transcripts.js';

/** Backend and protocol name recorded for foreign traces: no model of ours produced them. */
export const FOREIGN = 'foreign';

/** What importing a foreign-trace file did. */
export interface ForeignImport {
  runId: string;
  /** False when the same file content was imported before (its run is reused). */
  created: boolean;
  units: number;
  /** The layout the file was read as. */
  format: TranscriptFormat;
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
export async function importForeignTraces(store: TraceStore, file: string, options: { clock?: Clock; format?: TranscriptFormat } = {}): Promise<ForeignImport> {
  const clock = options.clock ?? systemClock;
  const { text, format, entries } = await readTranscripts(file, options.format);
  const contentHash = sha256(text);
  const runId = `foreign-${contentHash.slice(0, 12)}`;
  const traces = entries.map((entry) => entry.trace);
  let created = false;
  if ((await store.getRun(runId)) === undefined) {
    await store.createRun({ id: runId, createdAt: isoNow(clock), status: 'done', config: foreignRunConfig(file, contentHash, format, traces) });
    created = true;
  }
  const ids = await store.addUnits(
    runId,
    traces.map((trace) => ({ questionId: trace.questionId, protocol: trace.protocol, seed: trace.seed })),
  );
  const at = isoNow(clock);
  for (const [index, trace] of traces.entries()) {
    const events = foreignEvents(trace, at);
    // Already stored on an earlier import: completeUnit leaves it as it is.
    await store.completeUnit(ids[index]!, { status: 'done', events, summary: summarizeUnit(events), finishedAt: at });
  }
  return { runId, created, units: traces.length, format };
}

function foreignRunConfig(file: string, contentHash: string, format: TranscriptFormat, traces: readonly ImportedTrace[]): RunConfig {
  const agents = new Map<string, ImportedAgent>();
  for (const agent of traces.flatMap((trace) => trace.agents)) if (!agents.has(agent.name)) agents.set(agent.name, agent);
  const scoringPoints = Object.fromEntries(traces.filter((trace) => trace.scoringPoints !== undefined).map((trace) => [trace.questionId, trace.scoringPoints!]));
  return {
    protocol: { name: FOREIGN, preset: FOREIGN, params: { protocols: [...new Set(traces.map((trace) => trace.protocol))] } },
    agents: [...agents.values()].map((agent) => ({
      name: agent.name,
      // the model the source names, kept where a run records its backend
      backend: agent.model === undefined ? FOREIGN : `${FOREIGN}:${agent.model}`,
      decoding: {},
      ...(agent.persona === undefined ? {} : { persona: agent.persona }),
    })),
    dataset: { name: 'foreign-traces', path: file, questionIds: [...new Set(traces.map((trace) => trace.questionId))], contentHash },
    seeds: [...new Set(traces.map((trace) => trace.seed))].sort((a, b) => a - b),
    concurrency: 1,
    audit: { source: 'foreign-traces', format, scoringPoints },
    codeVersion: CODE_VERSION,
    traceVersion: 1,
  };
}

function foreignEvents(trace: ImportedTrace, at: string): TraceEvent[] {
  const bodies: TraceEventInput[] = [];
  let finalRound = 0;
  trace.agents.forEach((agent, position) => {
    agent.rounds.forEach((round, index) => bodies.push(turn(trace, agent, position, index, round)));
    finalRound = Math.max(finalRound, agent.rounds.length - 1);
  });
  // scored like a run's unit: the dataset's scorer grades the answer and its equality counts the vote and the agreement set
  const question: Question = {
    id: trace.questionId,
    prompt: trace.question ?? trace.questionId,
    gold: goldOf(trace.gold),
    ...(trace.options === undefined ? {} : { options: trace.options }),
    ...(trace.meta === undefined ? {} : { meta: trace.meta }),
  };
  const scorer = scorerFor(question, trace.dataset);
  let aggregated = importedAnswer(trace.aggregated);
  if (trace.aggregated === undefined) {
    const answers = new Map(trace.agents.map((agent) => [agent.name, agent.rounds.at(-1)!.answer]));
    const vote = majorityVote(finalRound, answers, deriveSeed(trace.seed, trace.questionId, 'foreign-majority'), (a, b) => scorer.equivalent(a, b, question));
    bodies.push(vote);
    aggregated = vote.winner;
  }
  const answer = aggregated === null ? { status: 'unparsed' as const, value: null } : { status: 'ok' as const, value: aggregated };
  const events = bodies.map((body, index) => traceEventSchema.parse({ v: 1, seq: index, at, ...body }));
  const final = scoreFinal({ type: 'final', answer, aggregate: trace.aggregated === undefined ? 'majority' : 'given', roundsRun: finalRound + 1, stoppedEarly: false }, events, question, scorer);
  return [...events, traceEventSchema.parse({ v: 1, seq: events.length, at, ...final })];
}

function turn(trace: ImportedTrace, agent: ImportedAgent, position: number, round: number, { answer, rationale, steps, saw = [], messages }: ImportedRound): TraceEventInput {
  return {
    type: 'turn',
    agent: agent.name,
    round,
    draft: 0,
    position,
    saw,
    seed: trace.seed,
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
    messages: messages ?? (trace.question === undefined ? [] : [{ role: 'user', content: trace.question }]),
    text: rationale,
  };
}
