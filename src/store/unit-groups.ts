import type { UnitGroup, UnitStatus, UnitSummary } from '../spec/store.js';

/**
 * One row of a `GROUP BY` over a run's units, as a SQL backend returns it:
 * SQLite gives JSON booleans as 1/0, PostgreSQL gives 64-bit integers as
 * strings; `toUnitGroup` reads both.
 */
export interface UnitGroupRow {
  protocol: string;
  seed: number | string;
  status: string;
  answer_status: string | null;
  correct: boolean | number | string | null;
  unanimous: boolean | number | string | null;
  count: number | string | bigint;
  first_position: number | string | bigint;
}

/** A grouped row as a `UnitGroup`. */
export function toUnitGroup(row: UnitGroupRow): UnitGroup {
  return {
    protocol: row.protocol,
    seed: Number(row.seed),
    status: row.status as UnitStatus,
    answerStatus: row.answer_status as UnitSummary['answerStatus'] | null,
    correct: sqlBoolean(row.correct),
    unanimous: sqlBoolean(row.unanimous),
    count: Number(row.count),
    firstPosition: Number(row.first_position),
  };
}

function sqlBoolean(value: boolean | number | string | null): boolean | null {
  if (value === null) return null;
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * Groups units in memory, for backends without a JSON `GROUP BY`: each
 * summary is parsed once. Rows must come in plan order.
 */
export function groupUnitRows(rows: Iterable<{ protocol: string; seed: number | string; status: string; position: number | string; summary: string | null }>): UnitGroup[] {
  const groups = new Map<string, UnitGroup>();
  for (const row of rows) {
    const summary = row.summary === null ? null : (JSON.parse(row.summary) as UnitSummary);
    const group: UnitGroup = {
      protocol: row.protocol,
      seed: Number(row.seed),
      status: row.status as UnitStatus,
      answerStatus: summary?.answerStatus ?? null,
      correct: summary?.correct ?? null,
      unanimous: summary?.unanimous ?? null,
      count: 0,
      firstPosition: Number(row.position),
    };
    const key = JSON.stringify([group.protocol, group.seed, group.status, group.answerStatus, group.correct, group.unanimous]);
    const existing = groups.get(key) ?? group;
    existing.count += 1;
    existing.firstPosition = Math.min(existing.firstPosition, group.firstPosition);
    groups.set(key, existing);
  }
  return sortGroups([...groups.values()]);
}

/** Groups in the order the contract promises: by first plan position. */
function sortGroups(groups: UnitGroup[]): UnitGroup[] {
  return groups.sort((a, b) => a.firstPosition - b.firstPosition);
}
