import type { DebateParams } from '../../spec/debate-params.js';

/** A named debate configuration with the paper it comes from. */
export interface DebatePreset {
  name: string;
  /** Name used in the source papers. */
  paperName: string;
  description: string;
  params: DebateParams;
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
    description: "Each round every agent sees all peers' answers of the previous round, in parallel.",
    params: { ...base },
  },
  gdp: {
    name: 'gdp',
    paperName: 'M3-GDP, Grounded Debate Protocol',
    description: 'Du debate with structured CLAIM / GROUND / STANCE steps and the anti-sycophancy rule.',
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
    description: 'Round 0 independent; the debate (Du-style by default) runs only when the agents disagree after round 0.',
    params: { ...base, stopOnConsensus: true, consensusCheck: 'round-0' },
  },
};

/** Names of the available presets. */
export function presetNames(): string[] {
  return Object.keys(DEBATE_PRESETS);
}
