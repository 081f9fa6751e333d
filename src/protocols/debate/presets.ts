import type { DebateParams } from '../../spec/debate-params.js';

/** A named debate configuration with the paper it comes from. */
export interface DebatePreset {
  name: string;
  /** Name used in the source papers. */
  paperName: string;
  description: string;
  params: DebateParams;
  /**
   * Fixed agents, named after their roles (Multi-Persona's two sides): the
   * run gets exactly these. Absent: any number of neutral agents.
   */
  roles?: readonly string[];
}

const base: DebateParams = {
  rounds: 2,
  visibility: 'previous-round',
  order: 'parallel',
  mute: 'none',
  format: 'free',
  aggregate: 'majority',
  stopOnConsensus: false,
  consensusThreshold: 1,
  consensusCheck: 'every-round',
  antiSycophancy: false,
  judgeEachRound: false,
  drafts: 1,
  conversation: 'fresh',
  wording: 'quorum',
  answerExtraction: 'quorum',
  tieBreak: 'seeded',
  decision: 'none',
  supermajorityThreshold: 0.66,
  decisionFromRound: 0,
  decisionFallback: 'mallm',
  cumulativePoints: 10,
  maxRanks: 5,
};

/**
 * The presets of the debate engine (DESIGN §4). Presets are data: a new
 * protocol is a new entry here before it is new code.
 */
export const DEBATE_PRESETS: Readonly<Record<string, DebatePreset>> = {
  ni: {
    name: 'ni',
    paperName: 'M4 / No-Interaction (independent voting)',
    description: 'Agents answer alone; majority vote. With rounds > 0 each agent revises only its own answer.',
    params: { ...base, rounds: 0, visibility: 'self' },
  },
  du: {
    name: 'du',
    paperName: 'M3, symmetric debate (Du et al.)',
    description:
      "Du et al.'s reference protocol: one growing conversation per agent, their wording (no system message, no names), the peers' previous-round answers each debate round, their answer extraction and tie rule; rounds: 1 is their rounds = 2.",
    // Their `rounds = 2` counts round 0, so it is quorum's rounds: 1 (docs/protocols.md, "du and Du et al.")
    params: { ...base, rounds: 1, conversation: 'growing', wording: 'du', answerExtraction: 'du', tieBreak: 'first' },
  },
  gdp: {
    name: 'gdp',
    paperName: 'M3-GDP, Grounded Debate Protocol',
    // STANCE names a peer, so gdp keeps quorum's layout with named peers: its control is du-fresh, not du
    description: 'du-fresh debate (previous round, named peers) with structured CLAIM / GROUND / STANCE steps and the anti-sycophancy rule.',
    params: { ...base, format: 'gdp', antiSycophancy: true },
  },
  wr: {
    name: 'wr',
    paperName: 'Within-Round (WR)',
    description: 'Agents speak one after another; each sees its own previous answer and the peers who already spoke this round.',
    params: { ...base, visibility: 'within-round', order: 'sequential' },
  },
  cr: {
    name: 'cr',
    paperName: 'Cross-Round (CR)',
    description: "Agents speak in parallel; each sees every agent's messages of all earlier rounds.",
    params: { ...base, visibility: 'cross-round' },
  },
  'ra-cr': {
    name: 'ra-cr',
    paperName: 'Rank-Adaptive Cross-Round (RA-CR)',
    description: "Cross-Round plus a judge that ranks every round: the next round presents peers' messages and runs agents in rank order, and the lowest-ranked agent sits out.",
    params: { ...base, visibility: 'cross-round', order: 'judge-ranked', mute: 'lowest-ranked', judgeEachRound: true },
  },
  adaptive: {
    name: 'adaptive',
    paperName: 'Adaptive debate (escalate on disagreement)',
    description: 'Round 0 independent; the debate (du-fresh style by default, or --escalate <preset>) runs only when the agents disagree after round 0.',
    params: { ...base, stopOnConsensus: true, consensusCheck: 'round-0' },
  },
  'du-fresh': {
    name: 'du-fresh',
    paperName: 'Symmetric debate, quorum layout (the counterpart of gdp)',
    description:
      "quorum's earlier du: a fresh system + user prompt each round, named peers of the previous round, quorum's wording and parsers. It differs from gdp only in the message format and the anti-sycophancy rule, so gdp − du-fresh isolates GDP.",
    params: { ...base },
  },
  'chateval-one-by-one': {
    name: 'chateval-one-by-one',
    paperName: 'ChatEval one-by-one (Chan et al. 2023, as DebateLLM runs it)',
    description: 'Agents speak in turn over one shared history: each sees every message spoken before it, of this round and all earlier ones; 3 turns each, majority vote (ties to the first).',
    // DebateLLM's num_rounds = 3 counts the first turn, so quorum's rounds: 2
    params: { ...base, visibility: 'all-earlier', order: 'sequential', tieBreak: 'first' },
  },
  'chateval-simultaneous': {
    name: 'chateval-simultaneous',
    paperName: 'ChatEval simultaneous-talk (Chan et al. 2023, as DebateLLM runs it)',
    description: "Agents speak at once; each round adds every agent's message to the history the next round sees (cross-round); 3 turns each, majority vote (ties to the first).",
    params: { ...base, visibility: 'cross-round', tieBreak: 'first' },
  },
  'chateval-summarizer': {
    name: 'chateval-summarizer',
    paperName: 'ChatEval simultaneous-talk-with-summarizer (Chan et al. 2023, as DebateLLM runs it)',
    description:
      "Agents speak at once; after every round but the last the judge, as summarizer, condenses its previous summary and the round's messages, and the next round sees only that summary; 3 turns each, majority vote (ties to the first).",
    params: { ...base, visibility: 'summary', summarizer: true, tieBreak: 'first' },
  },
  'multi-persona': {
    name: 'multi-persona',
    paperName: 'Multi-Persona / MAD (Liang et al. 2023, as DebateLLM runs it)',
    description:
      'An affirmative (angel) and a negative (devil) side speak in turn over one shared history; after every round the judge, as moderator, either decides (its answer is final and the debate ends) or lets the debate go on; after the last round it must decide. 3 rounds at most.',
    // DebateLLM's max_num_rounds = 3 counts the first round, so quorum's rounds: 2
    params: {
      ...base,
      visibility: 'all-earlier',
      order: 'sequential',
      aggregate: 'moderator',
      roleInstructions: [
        // MAD's affirmative side (DebateLLM agent_prompts/angel.yaml): it opens, then answers the other side
        "You are the affirmative side. Once the negative side has spoken, consider its perspective: do you agree with it? Give your reasons and your answer.",
        // MAD's negative side (DebateLLM agent_prompts/devil.yaml: "You disagree with my answer. Provide your answer and reasons")
        "You are the negative side. You disagree with the affirmative side's answer: provide your answer and reasons.",
      ],
    },
    roles: ['Affirmative', 'Negative'],
  },
};

/** Names of the available presets. */
export function presetNames(): string[] {
  return Object.keys(DEBATE_PRESETS);
}
