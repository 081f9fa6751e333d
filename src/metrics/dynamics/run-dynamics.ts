import type { UnitRoundSummary, UnitSummary } from '../../spec/store.js';
import { numericGold } from '../forecast-error.js';
import { consensusFormation, type ConsensusUndefinedReason } from './consensus-formation.js';
import { mean, median } from './statistics.js';

/** Peer reference rate over a run (JSON key `prr`). */
export interface PeerReferenceRate {
  /** Mean over units of the unit's PRR (referencing turns / turns, rounds ≥ 1); null when no unit has a turn in round ≥ 1. */
  mean: number | null;
  /** Units with a defined PRR. */
  units: number;
  /** Units without a turn in rounds ≥ 1 (no interaction round run, e.g. `ni` or an adaptive unit that stopped after round 0). */
  undefinedUnits: number;
  /** Units whose stored summary predates per-round dynamics. */
  missing: number;
  /** Turns in rounds ≥ 1 and how many of them reference a peer, pooled over units. */
  turns: number;
  references: number;
  /** Per round, pooled over units: references / turns (null for round 0 and rounds nobody reached). */
  byRound: Array<number | null>;
}

/** Argument diversity over a run (JSON key `ad`). */
export interface ArgumentDiversityMetric {
  /** Mean over units of the unit's AD (its mean over rounds with a defined AD). */
  mean: number | null;
  /** Mean over units of the AD of the unit's last round run. */
  final: number | null;
  units: number;
  /** Units with no round where two agents wrote content words. */
  undefinedUnits: number;
  missing: number;
  /** Per round: mean over units with a defined AD in that round. */
  byRound: Array<number | null>;
}

/** Consensus formation over a run (JSON key `cf`). */
export interface ConsensusFormationMetric {
  /** Mean CF over units where it is defined; null when none is. */
  mean: number | null;
  median: number | null;
  /** Units with a defined CF. */
  units: number;
  /** Units where CF is undefined, reported rather than dropped or counted as 0. */
  undefinedUnits: number;
  undefinedReasons: Record<ConsensusUndefinedReason, number>;
  /** Per round: mean of 1 − Var_r / Var_round0 over defined units that reached the round. */
  byRound: Array<number | null>;
}

/** PRR of one unit from its stored rounds; null when it has no turn in rounds ≥ 1. */
export function unitPeerReferenceRate(rounds: readonly UnitRoundSummary[]): number | null {
  const later = rounds.slice(1);
  const turns = later.reduce((sum, round) => sum + round.turns, 0);
  return turns === 0 ? null : later.reduce((sum, round) => sum + round.peerReferences, 0) / turns;
}

/** AD of one unit: the mean over its rounds with a defined AD; null when none is. */
export function unitArgumentDiversity(rounds: readonly UnitRoundSummary[]): number | null {
  return mean(rounds.map((round) => round.argumentDiversity).filter((value): value is number => value !== null));
}

/** Aggregates PRR over finished units (docs/dynamics.md). */
export function peerReferenceRate(summaries: readonly UnitSummary[]): PeerReferenceRate {
  const rates: number[] = [];
  const pooled: Array<[number, number]> = [];
  let missing = 0;
  let undefinedUnits = 0;
  for (const summary of summaries) {
    if (summary.rounds === undefined) {
      missing += 1;
      continue;
    }
    const rate = unitPeerReferenceRate(summary.rounds);
    if (rate === null) undefinedUnits += 1;
    else rates.push(rate);
    summary.rounds.forEach((round, index) => {
      const cell = (pooled[index] ??= [0, 0]);
      cell[0] += round.peerReferences;
      cell[1] += round.turns;
    });
  }
  const later = pooled.slice(1).filter((cell) => cell !== undefined);
  return {
    mean: mean(rates),
    units: rates.length,
    undefinedUnits,
    missing,
    turns: later.reduce((sum, [, turns]) => sum + turns, 0),
    references: later.reduce((sum, [references]) => sum + references, 0),
    byRound: Array.from(pooled, (cell, index) => (index === 0 || cell === undefined || cell[1] === 0 ? null : cell[0] / cell[1])),
  };
}

/** Aggregates AD over finished units (docs/dynamics.md). */
export function argumentDiversityMetric(summaries: readonly UnitSummary[]): ArgumentDiversityMetric {
  const unitValues: number[] = [];
  const finals: number[] = [];
  const byRound: number[][] = [];
  let missing = 0;
  for (const summary of summaries) {
    if (summary.rounds === undefined) {
      missing += 1;
      continue;
    }
    const value = unitArgumentDiversity(summary.rounds);
    if (value !== null) unitValues.push(value);
    const last = summary.rounds[Math.max(0, summary.roundsRun - 1)]?.argumentDiversity;
    if (last !== undefined && last !== null) finals.push(last);
    summary.rounds.forEach((round, index) => {
      if (round.argumentDiversity !== null) (byRound[index] ??= []).push(round.argumentDiversity);
    });
  }
  return {
    mean: mean(unitValues),
    final: mean(finals),
    units: unitValues.length,
    undefinedUnits: summaries.length - missing - unitValues.length,
    missing,
    byRound: Array.from(byRound, (values) => mean(values ?? [])),
  };
}

/** Aggregates CF over finished units with a numeric gold; null when there is none (not a numeric task). */
export function consensusFormationMetric(summaries: readonly UnitSummary[]): ConsensusFormationMetric | null {
  const numeric = summaries.filter((summary) => numericGold(summary) !== null);
  if (numeric.length === 0) return null;
  const values: number[] = [];
  const byRound: number[][] = [];
  const undefinedReasons: Record<ConsensusUndefinedReason, number> = { 'no-variance': 0, 'too-few-answers': 0 };
  for (const summary of numeric) {
    const cf = consensusFormation(summary);
    if (cf.value === null) {
      undefinedReasons[cf.reason] += 1;
      continue;
    }
    values.push(cf.value);
    cf.byRound.forEach((value, round) => {
      if (value !== null) (byRound[round] ??= []).push(value);
    });
  }
  return {
    mean: mean(values),
    median: median(values),
    units: values.length,
    undefinedUnits: numeric.length - values.length,
    undefinedReasons,
    byRound: Array.from(byRound, (list) => mean(list ?? [])),
  };
}
