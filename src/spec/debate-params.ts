import { z } from 'zod';

/**
 * Parameters of the one debate engine (DESIGN §4). Presets are plain
 * objects of this type; see src/protocols/debate/presets.ts.
 */
export const debateParamsSchema = z.object({
  /** Interaction rounds after round 0 (round 0 is every agent answering alone). */
  rounds: z.number().int().min(0).max(20),
  /** Which earlier messages an agent sees. */
  visibility: z.enum(['self', 'previous-round', 'cross-round', 'within-round']),
  /** Who speaks when. `judge-ranked` uses the judge's ranking of the previous round. */
  order: z.enum(['parallel', 'sequential', 'judge-ranked']),
  /** `lowest-ranked`: the judge's lowest-ranked agent sits out the next round. */
  mute: z.enum(['none', 'lowest-ranked']),
  /** Message format: free rationale + answer, or GDP CLAIM/GROUND/STANCE steps. */
  format: z.enum(['free', 'gdp']),
  /** How the final answer is aggregated. */
  aggregate: z.enum(['majority', 'judge', 'mean', 'median']),
  /** Stop early when the agents agree after a round (see `consensusThreshold`, `consensusCheck`). */
  stopOnConsensus: z.boolean(),
  /** Share of agents that must give the winning answer for consensus (1 = unanimous). */
  consensusThreshold: z.number().gt(0).max(1),
  /** When consensus is checked: after every round, or only after round 0 (adaptive debate: escalate only on disagreement). */
  consensusCheck: z.enum(['every-round', 'round-0']),
  /** Add the anti-sycophancy rule to the instructions (GDP). */
  antiSycophancy: z.boolean(),
  /** Rank every round with the judge (needed by `judge-ranked`, `lowest-ranked` and `aggregate: judge`). */
  judgeEachRound: z.boolean(),
  /** Drafts per agent and turn; the judge picks one when k > 1. */
  drafts: z.number().int().min(1).max(8),
});
export type DebateParams = z.infer<typeof debateParamsSchema>;

/** Overrides a user may apply on top of a preset. */
export const debateOverridesSchema = debateParamsSchema.partial();
export type DebateOverrides = z.infer<typeof debateOverridesSchema>;
