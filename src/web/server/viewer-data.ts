import type { AuditRecord } from '../../spec/audit-result.js';
import type { RunRecord, TraceStore } from '../../spec/store.js';
import type { IndexProgress, UnitRow } from './api-types.js';
import { buildAuditIndex, type AuditIndex } from './audit-index.js';
import { LruCache } from './lru-cache.js';
import { buildRunIndex, countsSignature, type RunIndex } from './run-index.js';
import { readRunOverview, type RunOverview } from './run-overview.js';
import { StudyReports } from './study-reports.js';
import { RunTextIndex } from './text-index.js';

/** How many runs' unit indexes and audits' indexes stay in memory. */
export interface ViewerDataOptions {
  runIndexes?: number;
  auditIndexes?: number;
}

/**
 * The store as the API reads it: plain reads go straight to the store;
 * per-run unit indexes and per-audit indexes are built once and cached,
 * rebuilt when the run's unit counts change (a run still going). Two
 * requests for the same index share one build.
 */
export class ViewerData {
  readonly #runIndexes: LruCache<string, Promise<RunIndex>>;
  /** Builds of `#runIndexes` that have finished, and what they built. */
  readonly #builtIndexes = new WeakMap<Promise<RunIndex>, RunIndex>();
  readonly #overviews: LruCache<string, Promise<RunOverview>>;
  readonly #auditIndexes: LruCache<string, Promise<AuditIndex>>;
  readonly #textIndexes: LruCache<string, RunTextIndex>;
  /** Unit indexes being built, by run: units read so far of the run's total. */
  readonly #building = new Map<string, IndexProgress>();
  /** Study reports (tables, charts, the data paired differences come from), rebuilt when a study changes. */
  readonly studyReports: StudyReports;

  constructor(
    readonly store: TraceStore,
    options: ViewerDataOptions = {},
  ) {
    this.#runIndexes = new LruCache(options.runIndexes ?? 8);
    this.#overviews = new LruCache(options.runIndexes ?? 8);
    this.#auditIndexes = new LruCache(options.auditIndexes ?? 8);
    this.#textIndexes = new LruCache(options.runIndexes ?? 8);
    this.studyReports = new StudyReports(store);
  }

  /** The run's unit index, current as of now. */
  async runIndex(run: RunRecord): Promise<RunIndex> {
    const counts = await this.store.countUnits(run.id);
    const signature = countsSignature(counts);
    const cached = this.#runIndexes.get(run.id);
    if (cached !== undefined) {
      const index = await cached.catch(() => undefined);
      if (index?.signature === signature) return index;
    }
    const progress = { indexed: 0, total: counts.total };
    this.#building.set(run.id, progress);
    const building = buildRunIndex(this.store, run, counts, (read) => (progress.indexed = read));
    this.#runIndexes.set(run.id, building);
    building.then((index) => this.#builtIndexes.set(building, index), () => undefined);
    const done = () => this.#building.get(run.id) === progress && this.#building.delete(run.id);
    building.then(done, done);
    // A failed build is not cached: the next request tries again.
    building.catch(() => this.#runIndexes.peek(run.id) === building && this.#runIndexes.delete(run.id));
    return building;
  }

  /**
   * The run's unit index if it is built and current for `signature`
   * (`countsSignature` of the run's counts now); never starts a build.
   */
  builtIndex(run: RunRecord, signature: string): RunIndex | undefined {
    const building = this.#runIndexes.peek(run.id);
    const index = building === undefined ? undefined : this.#builtIndexes.get(building);
    return index?.signature === signature ? index : undefined;
  }

  /**
   * Starts building the run's unit index, once the current request has
   * been answered (filters and sorts need it; the first screen does not).
   */
  buildIndexSoon(run: RunRecord): void {
    setImmediate(() => this.runIndex(run).catch(() => undefined));
  }

  /**
   * The run's overview (unit counts, outcome counts, protocols, seeds),
   * counted by the store; counted again when the unit counts change.
   */
  async overview(run: RunRecord): Promise<RunOverview> {
    const units = await this.store.countUnits(run.id);
    const cached = this.#overviews.get(run.id);
    if (cached !== undefined) {
      const overview = await cached.catch(() => undefined);
      if (overview?.signature === countsSignature(units)) return overview;
    }
    const reading = readRunOverview(this.store, run.id, units);
    this.#overviews.set(run.id, reading);
    reading.catch(() => this.#overviews.peek(run.id) === reading && this.#overviews.delete(run.id));
    return reading;
  }

  /**
   * How far the run's unit index has got: units read of the run's total
   * while it is being built, else null (built, or not asked for yet).
   */
  indexProgress(run: RunRecord): IndexProgress | null {
    const progress = this.#building.get(run.id);
    return progress === undefined ? null : { ...progress };
  }

  /** The run's index and its rows, with the scores of `audit` when given (joined once per index and audit). */
  async table(run: RunRecord, audit: AuditRecord | null): Promise<{ index: RunIndex; rows: UnitRow[] }> {
    const index = await this.runIndex(run);
    if (audit === null) return { index, rows: index.rows };
    let rows = index.audited.get(audit.id);
    if (rows === undefined) {
      const scores = (await this.auditIndex(audit)).byUnit;
      rows = index.rows.map((row) => ({ ...row, audit: scores.get(row.id)?.scores ?? null }));
      index.audited.set(audit.id, rows);
    }
    return { index, rows };
  }

  /** The run's text index as it is, without asking it to read anything. */
  textIndexOf(run: RunRecord): RunTextIndex {
    let text = this.#textIndexes.get(run.id);
    if (text === undefined) {
      text = new RunTextIndex(this.store, run.id);
      this.#textIndexes.set(run.id, text);
    }
    return text;
  }

  /**
   * The run's text index, asked to cover every finished unit of `index`
   * (in the background: `ready` settles when it does).
   */
  textIndex(run: RunRecord, index: RunIndex): { text: RunTextIndex; ready: Promise<void> } {
    const text = this.textIndexOf(run);
    const ready = text.update(index.rows.filter((row) => row.status !== 'pending').map((row) => row.id));
    return { text, ready };
  }

  /** An audit's index (audits never change once stored). */
  auditIndex(audit: AuditRecord): Promise<AuditIndex> {
    const cached = this.#auditIndexes.get(audit.id);
    if (cached !== undefined) return cached;
    const building = buildAuditIndex(this.store, audit.id);
    this.#auditIndexes.set(audit.id, building);
    building.catch(() => this.#auditIndexes.peek(audit.id) === building && this.#auditIndexes.delete(audit.id));
    return building;
  }
}
