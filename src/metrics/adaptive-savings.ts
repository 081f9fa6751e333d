import type { UnitSummary } from '../spec/store.js';

/** What adaptive debate saved against always debating (JSON key `adaptive`). */
export interface AdaptiveSavings {
  /** Finished units. */
  units: number;
  /** Units whose agents disagreed after round 0 and went on to debate (rounds run > 1). */
  escalated: number;
  /** Interaction rounds an escalated unit runs (R of the escalation preset). */
  rounds: number;
  /** Calls of rounds 1..R that a unit which stopped after round 0 did not make. */
  callsPerStoppedUnit: number;
  /** Calls saved: (units − escalated) × callsPerStoppedUnit. */
  callsSaved: number;
  /** callsSaved / (the finished units' calls + callsSaved): the share of always-debating calls not made; null when both are 0. */
  callsSavedShare: number | null;
  /** Escalated units' tokens per call in rounds ≥ 1 (prompt + completion). */
  tokensPerLaterCall: number | null;
  /** callsSaved × tokensPerLaterCall; null when no escalated unit shows what a later call costs. */
  tokensSavedEstimate: number | null;
  /** tokensSavedEstimate / (the finished units' tokens + tokensSavedEstimate). */
  tokensSavedShare: number | null;
  /** Why the token estimate is missing. */
  tokensEstimateUnavailable?: 'no-escalated-unit' | 'summaries-without-rounds';
}

/** The protocol parameters the estimate reads (a stored run keeps them as plain data). */
type StoredParams = Readonly<Record<string, unknown>>;

/** Whether a run's protocol is adaptive debate: consensus checked once, after round 0. */
export function isAdaptive(params: StoredParams): boolean {
  return params['stopOnConsensus'] === true && params['consensusCheck'] === 'round-0';
}

/**
 * Calls of the interaction rounds 1..R of one unit, from the protocol's
 * parameters: per round, every speaking agent writes `drafts` drafts, the
 * judge picks among each agent's drafts when drafts > 1, and ranks the
 * round when it judges every round. With `mute: lowest-ranked` (and a
 * judge each round) one agent sits out every interaction round. A final
 * judge ranking (`aggregate: judge`) is made with or without the debate,
 * so it saves nothing.
 */
export function interactionRoundCalls(params: StoredParams, agents: number): number {
  const rounds = typeof params['rounds'] === 'number' ? params['rounds'] : 0;
  const drafts = typeof params['drafts'] === 'number' ? params['drafts'] : 1;
  const judgeEachRound = params['judgeEachRound'] === true;
  const speakers = agents - (params['mute'] === 'lowest-ranked' && judgeEachRound && agents > 1 ? 1 : 0);
  const perRound = speakers * drafts + (drafts > 1 ? speakers : 0) + (judgeEachRound ? 1 : 0);
  return rounds * perRound;
}

/** What the savings estimate needs from a run's finished units (part of `RunMetrics`). */
export interface EscalationStats {
  /** Finished units. */
  units: number;
  /** Units that ran more than round 0. */
  escalated: number;
  /** Calls and tokens of rounds ≥ 1 of the escalated units. */
  laterCalls: number;
  laterTokens: number;
  /** Escalated units whose summary predates per-round accounting (their later calls are unknown). */
  escalatedWithoutRounds: number;
  /** Calls and tokens (prompt + completion) of the finished units. */
  calls: number;
  tokens: number;
}

/** Counts escalated units and what their interaction rounds cost. */
export function escalationStats(summaries: readonly UnitSummary[]): EscalationStats {
  const stats: EscalationStats = { units: summaries.length, escalated: 0, laterCalls: 0, laterTokens: 0, escalatedWithoutRounds: 0, calls: 0, tokens: 0 };
  for (const summary of summaries) {
    stats.calls += summary.calls;
    stats.tokens += summary.usage.promptTokens + summary.usage.completionTokens;
    if (summary.roundsRun <= 1) continue;
    stats.escalated += 1;
    if (summary.rounds === undefined) {
      stats.escalatedWithoutRounds += 1;
      continue;
    }
    for (const round of summary.rounds.slice(1)) {
      stats.laterCalls += round.calls;
      stats.laterTokens += round.tokens;
    }
  }
  return stats;
}

/**
 * Calls and tokens adaptive debate saved against running the escalation
 * preset on every unit (docs/dynamics.md, "Adaptive savings"); null when
 * the run is not adaptive. Calls saved follow from the parameters (exact
 * for units without failures). Tokens are an estimate: the escalated
 * units' tokens per call in rounds ≥ 1, times the calls saved — it assumes
 * the units that agreed at once would have debated at the same cost per
 * call, and is unavailable when no unit escalated.
 */
export function adaptiveSavings(params: StoredParams, agents: number, stats: EscalationStats): AdaptiveSavings | null {
  if (!isAdaptive(params)) return null;
  const callsPerStoppedUnit = interactionRoundCalls(params, agents);
  const callsSaved = (stats.units - stats.escalated) * callsPerStoppedUnit;
  const result: AdaptiveSavings = {
    units: stats.units,
    escalated: stats.escalated,
    rounds: typeof params['rounds'] === 'number' ? params['rounds'] : 0,
    callsPerStoppedUnit,
    callsSaved,
    callsSavedShare: stats.calls + callsSaved === 0 ? null : callsSaved / (stats.calls + callsSaved),
    tokensPerLaterCall: null,
    tokensSavedEstimate: null,
    tokensSavedShare: null,
  };
  if (stats.escalatedWithoutRounds > 0) return { ...result, tokensEstimateUnavailable: 'summaries-without-rounds' };
  if (stats.escalated === 0 || stats.laterCalls === 0) return { ...result, tokensEstimateUnavailable: 'no-escalated-unit' };
  const tokensPerLaterCall = stats.laterTokens / stats.laterCalls;
  const tokensSavedEstimate = Math.round(callsSaved * tokensPerLaterCall);
  return {
    ...result,
    tokensPerLaterCall,
    tokensSavedEstimate,
    tokensSavedShare: stats.tokens + tokensSavedEstimate === 0 ? null : tokensSavedEstimate / (stats.tokens + tokensSavedEstimate),
  };
}
