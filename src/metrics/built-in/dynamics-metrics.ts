import type { Metric } from '../../spec/metric.js';
import { consensusFormation } from '../dynamics/consensus-formation.js';
import { unitArgumentDiversity, unitPeerReferenceRate } from '../dynamics/run-dynamics.js';
import { UNIT_INTERVAL } from './metric-bounds.js';

/** PRR of one unit: share of its turns in rounds ≥ 1 that take a stance on a seen peer's claim. */
export const peerReferenceRateMetric: Metric = {
  key: 'prr',
  label: 'PRR',
  source: 'peer reference rate (docs/dynamics.md, "PRR — peer reference rate")',
  needs: ['several-agents', 'interaction-rounds'],
  bounds: UNIT_INTERVAL,
  binary: false,
  digits: 3,
  // summaries written before per-round dynamics were recorded have no `rounds`: no value
  value: ({ summary }) => (summary.rounds === undefined ? null : unitPeerReferenceRate(summary.rounds)),
};

/** AD of one unit: mean Jaccard distance of agents' content words over its rounds. */
export const argumentDiversityMetric: Metric = {
  key: 'ad',
  label: 'AD',
  source: 'argument diversity (docs/dynamics.md, "AD — argument diversity")',
  needs: ['several-agents'],
  bounds: UNIT_INTERVAL,
  binary: false,
  digits: 3,
  value: ({ summary }) => (summary.rounds === undefined ? null : unitArgumentDiversity(summary.rounds)),
};

/** CF = 1 − Var_final / Var_round0 of numeric forecasts: at most 1, unbounded below (forecasts can spread out). */
export const consensusFormationMetric: Metric = {
  key: 'cf',
  label: 'CF',
  source: 'consensus formation (docs/dynamics.md, "CF — consensus formation (numeric answers)")',
  needs: ['several-agents', 'numeric-gold'],
  bounds: [Number.NEGATIVE_INFINITY, 1],
  binary: false,
  digits: 3,
  value: ({ summary }) => consensusFormation(summary).value,
};
