import type { UnitSummary } from '../../spec/store.js';
import { absoluteError } from '../forecast-error.js';
import { consensusFormation } from './consensus-formation.js';
import { unitArgumentDiversity, unitPeerReferenceRate } from './run-dynamics.js';

/** One unit's protocol dynamics, for statistics paired by question and seed (null: undefined or not recorded). */
export interface UnitDynamics {
  prr: number | null;
  ad: number | null;
  cf: number | null;
  /** |aggregated answer − realised value|, for numeric questions. */
  absoluteError: number | null;
}

/**
 * PRR, AD, CF and absolute error of one finished unit (docs/dynamics.md).
 * PRR and AD are null for summaries stored without per-round data; CF is
 * null where it is undefined (see `consensusFormation` for the reason).
 */
export function unitDynamics(summary: UnitSummary): UnitDynamics {
  return {
    prr: summary.rounds === undefined ? null : unitPeerReferenceRate(summary.rounds),
    ad: summary.rounds === undefined ? null : unitArgumentDiversity(summary.rounds),
    cf: consensusFormation(summary).value,
    absoluteError: absoluteError(summary),
  };
}
