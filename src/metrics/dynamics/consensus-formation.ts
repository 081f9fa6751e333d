import type { UnitSummary } from '../../spec/store.js';
import { answerNumber, populationVariance } from './statistics.js';

/** Why CF is undefined for a unit. */
export type ConsensusUndefinedReason = 'no-variance' | 'too-few-answers';

/** Consensus formation (CF) of one unit. */
export type ConsensusFormation =
  | {
      /** 1 − Var_final / Var_round0; 1 is full agreement, 0 no change, negative means the forecasts spread out. */
      value: number;
      varianceRound0: number;
      varianceFinal: number;
      /** 1 − Var_r / Var_round0 per round (null where fewer than two numeric answers). */
      byRound: Array<number | null>;
    }
  | {
      value: null;
      /** `no-variance`: every round-0 forecast was the same; `too-few-answers`: fewer than two numeric forecasts in round 0 or in the final round. */
      reason: ConsensusUndefinedReason;
    };

/** The numeric forecasts given in one round (agents that did not speak or gave no number are left out). */
export function roundForecasts(summary: UnitSummary, round: number): number[] {
  return Object.values(summary.answersByRound)
    .map((answers) => answerNumber(answers[round]))
    .filter((value): value is number => value !== null);
}

/**
 * CF of one unit (DESIGN §6): 1 − Var_final / Var_round0 over the agents'
 * numeric forecasts, with population variance. Var_final is over the
 * forecasts given in the last round run, so an agent muted in that round
 * is not counted with a stale forecast. Undefined — never 0 or 1 — when
 * Var_round0 = 0 (nothing to reduce) or when a round has fewer than two
 * numeric forecasts.
 */
export function consensusFormation(summary: UnitSummary): ConsensusFormation {
  const first = roundForecasts(summary, 0);
  const lastRound = Math.max(0, summary.roundsRun - 1);
  const last = roundForecasts(summary, lastRound);
  if (first.length < 2 || last.length < 2) return { value: null, reason: 'too-few-answers' };
  const varianceRound0 = populationVariance(first);
  if (varianceRound0 === 0) return { value: null, reason: 'no-variance' };
  const varianceFinal = populationVariance(last);
  const byRound = Array.from({ length: lastRound + 1 }, (_, round) => {
    const forecasts = roundForecasts(summary, round);
    return forecasts.length < 2 ? null : 1 - populationVariance(forecasts) / varianceRound0;
  });
  return { value: 1 - varianceFinal / varianceRound0, varianceRound0, varianceFinal, byRound };
}
