import { z } from 'zod';

/**
 * Parameters of the one debate engine (DESIGN §4). Presets are plain
 * objects of this type; see src/protocols/debate/presets.ts.
 */
export const debateParamsSchema = z.object({
  /** Interaction rounds after round 0 (round 0 is every agent answering alone). */
  rounds: z.number().int().min(0).max(20),
  /**
   * Which earlier messages an agent sees; `all-earlier`: every turn finished
   * before it, round 0 included (ChatEval's one-by-one); `summary`: only the
   * summarizer's summary of the previous round (needs `summarizer`).
   */
  visibility: z.enum(['self', 'previous-round', 'cross-round', 'within-round', 'all-earlier', 'summary']),
  /** Who speaks when. `judge-ranked` uses the judge's ranking of the previous round. */
  order: z.enum(['parallel', 'sequential', 'judge-ranked']),
  /** `lowest-ranked`: the judge's lowest-ranked agent sits out the next round. */
  mute: z.enum(['none', 'lowest-ranked']),
  /** Message format: free rationale + answer, or GDP CLAIM/GROUND/STANCE steps. */
  format: z.enum(['free', 'gdp']),
  /**
   * How the final answer is aggregated. `moderator` (MAD, Liang et al.): after
   * every round the judge, as moderator, reads the debate and either decides
   * (its answer is final, the debate ends) or lets it go on; after the last
   * round it must decide.
   */
  aggregate: z.enum(['majority', 'judge', 'mean', 'median', 'moderator']),
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
  /**
   * How an agent's messages are laid out. `fresh`: every turn is a new
   * system + user prompt that lists what the agent may see. `growing`: one
   * conversation per agent that grows turn by turn (Du et al.): its own
   * replies stay in it as assistant messages, and each later turn appends one
   * user message with the peers' turns it has not seen yet.
   */
  conversation: z.enum(['fresh', 'growing']),
  /**
   * Prompt wording. `quorum`: quorum's own (system instructions, named peers).
   * `du`: Du et al.'s per-task wording — MMLU's for multiple choice, GSM's for
   * numbers, the arithmetic task's otherwise — with no system message and no
   * agent names (needs `conversation: growing` and format `free`).
   */
  wording: z.enum(['quorum', 'du']),
  /** Answer extraction: quorum's parsers, or `du` — the rules of Du et al.'s eval scripts (format `free` only). */
  answerExtraction: z.enum(['quorum', 'du']),
  /**
   * A tie at the top of a majority vote: `seeded` — a seeded draw among the
   * tied values; `first` — the tied value given first in agent order (Du
   * et al.'s `most_frequent`). Recorded in the vote event either way.
   */
  tieBreak: z.enum(['seeded', 'first']),
  /**
   * A decision rule (MALLM's decision protocols; docs/protocols.md,
   * "Decision rules"). `none`: the answer is `aggregate`'s. Consensus rules
   * `majority` (≥ 50 % of the agents give one answer), `supermajority`
   * (≥ `supermajorityThreshold`), `unanimity` (all); voting rules
   * `approval`, `ranked`, `cumulative`: each agent casts a ballot over the
   * distinct answers. A decision ends the debate; none by the last round
   * falls back by `decisionFallback`.
   */
  decision: z.enum(['none', 'majority', 'supermajority', 'unanimity', 'approval', 'ranked', 'cumulative']),
  /** Share of all agents a `supermajority` needs (MALLM: 0.66). */
  supermajorityThreshold: z.number().gt(0).max(1),
  /** First round after which the decision rule is applied (MALLM's voting rules wait for turn 3, i.e. round 2). */
  decisionFromRound: z.number().int().min(0),
  /**
   * No decision after the last round: `mallm` — as MALLM ends: consensus rules
   * return the leading answer, voting rules no answer; `plurality` — the
   * plurality vote; `none` — no answer (unparsed, never correct).
   */
  decisionFallback: z.enum(['mallm', 'plurality', 'none']),
  /** Points each agent distributes in `cumulative` voting (MALLM: 10). */
  cumulativePoints: z.number().int().min(1),
  /** Most positions a `ranked` ballot counts; position p scores min(maxRanks, agents) − p (MALLM: 5). */
  maxRanks: z.number().int().min(1),
  /**
   * ChatEval's summarizer: after every round but the last, the judge agent
   * condenses its previous summary and the round's messages into a new
   * summary, which `summary` visibility shows the next round. Absent: off.
   */
  summarizer: z.boolean().optional(),
  /**
   * A stance per speaking position (agent i gets entry i mod length), added
   * to the agent's part of the prompt after any persona: Multi-Persona's
   * angel and devil. Absent: none.
   */
  roleInstructions: z.array(z.string().min(1)).min(1).optional(),
});
export type DebateParams = z.infer<typeof debateParamsSchema>;

/** A decision rule of `DebateParams['decision']` other than `none`. */
export type DecisionRule = Exclude<DebateParams['decision'], 'none'>;

/** Overrides a user may apply on top of a preset. */
export const debateOverridesSchema = debateParamsSchema.partial();
export type DebateOverrides = z.infer<typeof debateOverridesSchema>;
