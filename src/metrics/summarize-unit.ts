import { addUsage, ZERO_USAGE } from '../spec/chat.js';
import type { UnitSummary } from '../spec/store.js';
import { isAnswerTurn, type TraceEvent } from '../spec/trace.js';
import { summarizeRounds } from './dynamics/round-summaries.js';
import { wallLatencyMs } from './wall-latency.js';

/**
 * Derives a unit's summary from its events (a pure function of the trace;
 * the store keeps the result so listings need not re-read every event).
 */
export function summarizeUnit(events: readonly TraceEvent[]): UnitSummary {
  const answersByRound: Record<string, Array<string | null>> = {};
  const correctByRound: Record<string, Array<boolean | null>> = {};
  let scoredTurns = true;
  let usage = ZERO_USAGE;
  let costUsd: number | null = null;
  let calls = 0;
  let cacheHits = 0;
  let latencyMs = 0;
  let errors = 0;
  let final: Extract<TraceEvent, { type: 'final' }> | undefined;
  const latest = new Map<string, string | null>();
  const silentRounds: Record<string, number[]> = {};

  for (const event of events) {
    if (event.type === 'turn' || event.type === 'judge-rank' || event.type === 'ballot') {
      calls += 1;
      cacheHits += event.cacheHit ? 1 : 0;
      usage = addUsage(usage, event.usage);
      latencyMs += event.latencyMs;
      if (event.costUsd !== null) costUsd = (costUsd ?? 0) + event.costUsd;
    }
    if (isAnswerTurn(event)) {
      const rounds = (answersByRound[event.agent] ??= []);
      while (rounds.length < event.round) rounds.push(null);
      const answer = event.parsed.answer.status === 'ok' ? event.parsed.answer.value : null;
      rounds[event.round] = answer;
      latest.set(event.agent, answer);
      if (event.correct === undefined) scoredTurns = false;
      const verdicts = (correctByRound[event.agent] ??= []);
      while (verdicts.length < event.round) verdicts.push(null);
      verdicts[event.round] = event.correct ?? null;
    }
    // a muted agent has no turn in that round: recorded as silent, so that its null is not read as an unparsed answer
    if (event.type === 'mute') (silentRounds[event.agent] ??= []).push(event.round);
    if (event.type === 'error') errors += 1;
    if (event.type === 'final') final = event;
  }

  const finalAnswers = [...latest.values()];
  // the runner's agreement set uses the dataset's answer equality ("Iron", "IRON" agree); older traces compare canonical values
  const agreeing = final?.agreement;
  const unanimous =
    finalAnswers.length > 0 && finalAnswers.every((answer) => answer !== null) && (agreeing === undefined ? finalAnswers.every((answer) => answer === finalAnswers[0]) : [...latest.keys()].every((agent) => agreeing.includes(agent)));
  const wallMs = wallLatencyMs(events);
  return {
    answer: final?.answer.status === 'ok' ? final.answer.value : null,
    ...(final?.answer.status === 'ok' && final.answer.text !== undefined ? { answerText: final.answer.text } : {}),
    ...(final?.answer.status === 'ok' && final.answer.scale !== undefined ? { answerScale: final.answer.scale } : {}),
    answerStatus: final === undefined ? 'none' : final.answer.status,
    gold: final?.gold ?? null,
    correct: final?.correct ?? null,
    ...(final?.scorer === undefined ? {} : { scorer: final.scorer }),
    ...(final?.scores === undefined ? {} : { scores: final.scores }),
    unanimous,
    answersByRound,
    ...(scoredTurns && Object.keys(correctByRound).length > 0 ? { correctByRound } : {}),
    ...(final?.unanimousByRound === undefined ? {} : { unanimousByRound: final.unanimousByRound }),
    ...(Object.keys(silentRounds).length === 0 ? {} : { silentRounds }),
    roundsRun: final?.roundsRun ?? Math.max(0, ...Object.values(answersByRound).map((rounds) => rounds.length)),
    calls,
    cacheHits,
    usage,
    costUsd,
    latencyMs,
    ...(wallMs === null ? {} : { wallMs }),
    errors,
    rounds: summarizeRounds(events),
  };
}
