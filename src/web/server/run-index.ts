import type { RunMetrics } from '../../metrics/run-metrics.js';
import { measureRun } from '../../runner/measure-run.js';
import type { RunRecord, TraceStore, UnitCounts, UnitRecord } from '../../spec/store.js';
import { UNIT_OUTCOMES, type UnitOutcome, type UnitRow } from './api-types.js';
import { unitRow } from './unit-row.js';

/** Units read per store call while indexing (bounds each call, not the index). */
const INDEX_PAGE = 2_000;

/**
 * What the viewer needs of a run's units, read once from their stored
 * summaries: one compact row per unit for filtering and paging, and the
 * run's metrics — computed only when first asked for, because on 10,000
 * units they cost more than reading the rows and the run page's first
 * screen (header and first rows) does not need them. The metrics are
 * `measureRun`'s, as `quorum show` computes them: events and questions are
 * read only when a metric that may apply needs them (a shared log).
 */
export interface RunIndex {
  /** The unit counts the index was built at; a different count means units finished since. */
  signature: string;
  /** Every unit in plan order. */
  rows: UnitRow[];
  /** The run's metrics, computed at the first call (after requests already waiting) and kept. */
  metrics(): Promise<RunMetrics>;
  /** Why an input a metric needs could not be read (null when nothing was missing); set once `metrics()` resolved. */
  metricsUnavailable(): string | null;
  outcomes: Record<UnitOutcome, number>;
  protocols: string[];
  seeds: number[];
  /** Rows joined with an audit's scores, by audit id (filled by `ViewerData.rows`). */
  audited: Map<string, UnitRow[]>;
}

/** A key that changes whenever a unit is planned or finishes. */
export function countsSignature(counts: UnitCounts): string {
  return `${counts.total}:${counts.pending}:${counts.done}:${counts.failed}`;
}

/** Reads every unit of a run, page by page, and indexes it; `onProgress` hears the units read so far after each page. */
export async function buildRunIndex(store: TraceStore, run: RunRecord, counts: UnitCounts, onProgress: (read: number) => void = () => undefined): Promise<RunIndex> {
  const units: UnitRecord[] = [];
  for (let offset = 0; ; offset += INDEX_PAGE) {
    const page = await store.listUnits(run.id, { offset, limit: INDEX_PAGE });
    units.push(...page);
    onProgress(units.length);
    if (page.length < INDEX_PAGE) break;
    // SQLite reads are synchronous under the promise: without a macrotask between pages, no other request
    // (the page's progress poll, its first rows) would be answered until the whole run is read.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const rows = units.map(unitRow);
  const outcomes = Object.fromEntries(UNIT_OUTCOMES.map((outcome) => [outcome, 0])) as Record<UnitOutcome, number>;
  for (const row of rows) outcomes[row.outcome] += 1;
  let kept: readonly UnitRecord[] | null = units;
  let metrics: Promise<RunMetrics> | undefined;
  let unavailable: string | null = null;
  return {
    signature: countsSignature(counts),
    rows,
    metrics: () =>
      (metrics ??= new Promise((resolve, reject) => {
        // setImmediate: requests that arrived with this one (the table's first rows) are answered first.
        setImmediate(() => {
          measureRun(store, run, kept!).then(
            (measured) => {
              unavailable = measured.inputs.unavailable ?? null;
              kept = null;
              resolve(measured.metrics);
            },
            (error: unknown) => {
              metrics = undefined;
              reject(error);
            },
          );
        });
      })),
    metricsUnavailable: () => unavailable,
    outcomes,
    protocols: [...new Set(rows.map((row) => row.protocol))],
    seeds: [...new Set(rows.map((row) => row.seed))].sort((a, b) => a - b),
    audited: new Map(),
  };
}
