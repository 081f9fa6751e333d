import { z } from 'zod';
import type { DebateParams } from '../../spec/debate-params.js';
import { ConfigError } from '../../spec/errors.js';
import type { TraceStore } from '../../spec/store.js';
import { resolveDebateParams } from '../debate/create-debate-protocol.js';
import { isVotingRule } from '../debate/decision-rules.js';
import { DEBATE_PRESETS } from '../debate/presets.js';

/** Agents of the compared debate when not given: quorum's default agent count. */
const DEFAULT_MATCH_AGENTS = 3;

/** What sc-matched matches: a debate preset's planned calls, or measured calls or tokens per unit. */
export const computeMatchSchema = z
  .object({
    /** A debate preset whose planned calls per unit set k (with `matchAgents`, `matchRounds`). */
    match: z.string().optional(),
    /** Agents of the compared debate (default 3, quorum's default). */
    matchAgents: z.number().int().min(1).optional(),
    /** Rounds of the compared debate (default: the preset's). */
    matchRounds: z.number().int().min(0).optional(),
    /** Measured mean model calls per unit of the compared run. */
    matchCalls: z.number().positive().optional(),
    /** Measured mean tokens (prompt + completion) per unit of the compared run; needs `tokensPerSample`. */
    matchTokens: z.number().positive().optional(),
    /** Measured mean tokens of one sample (e.g. a self-consistency or cot run's tokens per call). */
    tokensPerSample: z.number().positive().optional(),
  })
  .strict();
export type ComputeMatch = z.input<typeof computeMatchSchema>;

/** How k was derived, recorded in the run's parameters. */
export interface MatchedSamples {
  samples: number;
  derivation: {
    by: 'preset-calls' | 'calls' | 'tokens';
    /** The compared protocol's calls or tokens per unit that k matches. */
    target: number;
    /** A sentence a reader can check: "du, 3 agents × (1 round + 1) = 6 calls → k = 6". */
    formula: string;
    preset?: string;
    agents?: number;
    rounds?: number;
    tokensPerSample?: number;
  };
}

/**
 * The planned model calls of one unit of a debate: agents × drafts in round
 * 0 and in each of R rounds (one agent fewer when the lowest-ranked is
 * muted), plus the judge's calls (one per round with `judgeEachRound`, one
 * per agent turn with drafts, one final ranking with `aggregate: judge`)
 * and one ballot per agent and voting round for a voting decision rule; a
 * summarizer's call after every round but the last, and a moderator's after
 * every round plus its final-mode call. An upper bound when the debate can
 * stop early (consensus, decision rules, a moderator's decision).
 */
export function plannedCalls(params: DebateParams, agents: number): number {
  const muted = params.mute === 'lowest-ranked' && agents > 1 ? 1 : 0;
  const turns = agents + params.rounds * (agents - muted);
  const judged = params.judgeEachRound ? params.rounds + 1 : params.aggregate === 'judge' ? 1 : 0;
  const draftPicks = params.drafts > 1 ? turns : 0;
  const votingRounds = params.decision !== 'none' && isVotingRule(params.decision) ? params.rounds + 1 - Math.min(params.decisionFromRound, params.rounds) : 0;
  const summaries = params.summarizer === true ? params.rounds : 0;
  const moderated = params.aggregate === 'moderator' ? params.rounds + 2 : 0;
  return turns * params.drafts + judged + draftPicks + votingRounds * agents + summaries + moderated;
}

/**
 * k for a compute-matched self-consistency: the compared preset's planned
 * calls (`match`), the measured calls per unit (`matchCalls`, rounded), or
 * the measured tokens per unit divided by one sample's tokens
 * (`matchTokens` / `tokensPerSample`, rounded); at least 1. Exactly one of
 * `match`, `matchCalls`, `matchTokens` must be given.
 */
export function matchedSamples(input: ComputeMatch): MatchedSamples {
  const checked = computeMatchSchema.safeParse(input);
  if (!checked.success) throw new ConfigError(`sc-matched: invalid parameters: ${checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  const match = checked.data;
  const given = [match.match, match.matchCalls, match.matchTokens].filter((value) => value !== undefined).length;
  if (given !== 1) throw new ConfigError('sc-matched needs exactly one of match (a debate preset), matchCalls or matchTokens', 'pass --match du, or --match <run-id> to match a stored run');
  if (match.match !== undefined) {
    // a preset with fixed roles (multi-persona's two sides) has that many agents
    const agents = match.matchAgents ?? DEBATE_PRESETS[match.match]?.roles?.length ?? DEFAULT_MATCH_AGENTS;
    const params = resolveDebateParams(match.match, match.matchRounds === undefined ? {} : { rounds: match.matchRounds });
    const calls = plannedCalls(params, agents);
    const simple = calls === agents * (params.rounds + 1);
    const formula = simple ? `${match.match}, ${agents} agents × (${params.rounds} round${params.rounds === 1 ? '' : 's'} + 1) = ${calls} calls → k = ${calls}` : `${match.match}, ${agents} agents, ${params.rounds} rounds: ${calls} planned calls (turns, judge, ballots) → k = ${calls}`;
    return { samples: calls, derivation: { by: 'preset-calls', target: calls, formula, preset: match.match, agents, rounds: params.rounds } };
  }
  if (match.matchCalls !== undefined) {
    const samples = Math.max(1, Math.round(match.matchCalls));
    return { samples, derivation: { by: 'calls', target: match.matchCalls, formula: `${match.matchCalls} calls per unit → k = ${samples}` } };
  }
  if (match.tokensPerSample === undefined) throw new ConfigError('sc-matched: matchTokens needs tokensPerSample (the mean tokens of one sample)', 'measure it with a self-consistency run, or match calls instead');
  const samples = Math.max(1, Math.round(match.matchTokens! / match.tokensPerSample));
  return { samples, derivation: { by: 'tokens', target: match.matchTokens!, tokensPerSample: match.tokensPerSample, formula: `${match.matchTokens} tokens per unit / ${match.tokensPerSample} tokens per sample → k = ${samples}` } };
}

/** Mean model calls and tokens per finished unit of a stored run (what `matchCalls` / `matchTokens` take). */
export async function measuredPerUnit(store: TraceStore, runId: string): Promise<{ calls: number; tokens: number; units: number }> {
  const units = (await store.listUnits(runId, { status: 'done' })).filter((unit) => unit.summary !== null);
  if (units.length === 0) throw new ConfigError(`run ${runId} has no finished units to match`, 'run the compared protocol first, or match a preset: --match du');
  const calls = units.reduce((sum, unit) => sum + unit.summary!.calls, 0) / units.length;
  const tokens = units.reduce((sum, unit) => sum + unit.summary!.usage.promptTokens + unit.summary!.usage.completionTokens, 0) / units.length;
  return { calls, tokens, units: units.length };
}
