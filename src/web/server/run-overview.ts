import type { TraceStore, UnitCounts, UnitGroup } from '../../spec/store.js';
import { UNIT_OUTCOMES, type UnitOutcome } from './api-types.js';
import { countsSignature } from './run-index.js';
import { outcomeOf } from './unit-row.js';

/**
 * What the run page's first screen says about a run's units — outcome
 * counts, the protocols and seeds to filter by — counted by the store
 * (`countUnitGroups`) instead of read from every unit: on 10,000 units it
 * is one grouped query, where the run's full index (`RunIndex`) reads and
 * parses every summary. It gives the same counts and choices as the index.
 */
export interface RunOverview {
  /** The unit counts it was counted at (`countsSignature`). */
  signature: string;
  units: UnitCounts;
  outcomes: Record<UnitOutcome, number>;
  /** Protocols in the order the run first planned them. */
  protocols: string[];
  /** Seeds, ascending. */
  seeds: number[];
}

/** Counts a run's overview from its unit groups (which come sorted by first plan position). */
function runOverview(units: UnitCounts, groups: readonly UnitGroup[]): RunOverview {
  const outcomes = Object.fromEntries(UNIT_OUTCOMES.map((outcome) => [outcome, 0])) as Record<UnitOutcome, number>;
  for (const group of groups) outcomes[outcomeOf(group)] += group.count;
  return {
    signature: countsSignature(units),
    units,
    outcomes,
    protocols: [...new Set(groups.map((group) => group.protocol))],
    seeds: [...new Set(groups.map((group) => group.seed))].sort((a, b) => a - b),
  };
}

/** Reads a run's overview from the store. */
export async function readRunOverview(store: TraceStore, runId: string, units: UnitCounts): Promise<RunOverview> {
  return runOverview(units, await store.countUnitGroups(runId));
}
