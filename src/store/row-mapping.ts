import type { Selectable } from 'kysely';
import type { RunConfig } from '../spec/run-config.js';
import type { RunRecord, RunStatus, UnitCounts, UnitRecord, UnitStatus } from '../spec/store.js';
import type { RunsTable, UnitsTable } from './schema.js';

/** A run row as a `RunRecord`. */
export function toRunRecord(row: Selectable<RunsTable>): RunRecord {
  return {
    id: row.id,
    createdAt: row.created_at,
    status: row.status as RunStatus,
    config: JSON.parse(row.config) as RunConfig,
  };
}

/** A unit row as a `UnitRecord`. */
export function toUnitRecord(row: Selectable<UnitsTable>): UnitRecord {
  return {
    id: row.id,
    runId: row.run_id,
    questionId: row.question_id,
    protocol: row.protocol,
    // bigint column: PostgreSQL returns it as a string.
    seed: Number(row.seed),
    status: row.status as UnitStatus,
    summary: row.summary === null ? null : JSON.parse(row.summary),
    finishedAt: row.finished_at,
  };
}

/** Zero units of every status. */
export function emptyUnitCounts(): UnitCounts {
  return { pending: 0, done: 0, failed: 0, total: 0 };
}

/** Adds one `status, count(*)` group to a tally (counts may arrive as strings from PostgreSQL). */
export function addToCounts(counts: UnitCounts, status: string, count: number | string | bigint): UnitCounts {
  const value = Number(count);
  if (status === 'pending' || status === 'done' || status === 'failed') counts[status] += value;
  counts.total += value;
  return counts;
}
