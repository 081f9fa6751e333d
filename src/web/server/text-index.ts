import type { TraceStore } from '../../spec/store.js';
import { unitText, type UnitText } from './unit-text.js';

/** Units whose events are read at once; between batches the server answers other requests. */
const BATCH = 16;

/** How far a run's text index has got. */
export interface TextIndexProgress {
  /** Finished units indexed so far. */
  indexed: number;
  /** Finished units asked for. */
  total: number;
}

/**
 * The text of a run's units — question, answers, rationales, steps and
 * shared-log entries — read from their events (summaries do not carry
 * text), for full-text search and the question column. Built in the
 * background when a run is first opened and extended as units finish:
 * events of a finished unit never change, so each unit is read once.
 * It lives in memory and reads only through `TraceStore`, so it works the
 * same on SQLite and PostgreSQL stores.
 */
export class RunTextIndex {
  readonly #entries = new Map<string, UnitText>();
  readonly #queued = new Set<string>();
  #work: Promise<void> = Promise.resolve();
  #failure: unknown = undefined;

  constructor(
    readonly store: TraceStore,
    readonly runId: string,
  ) {}

  /**
   * Queues the finished units not yet indexed; the promise settles when
   * every unit asked for so far is indexed (or a store read failed).
   */
  update(unitIds: readonly string[]): Promise<void> {
    const missing = unitIds.filter((id) => !this.#entries.has(id) && !this.#queued.has(id));
    if (missing.length === 0 && this.#failure === undefined) return this.#work;
    this.#failure = undefined;
    for (const id of missing) this.#queued.add(id);
    this.#work = this.#work.catch(() => undefined).then(() => this.#index(missing));
    // Callers that do not wait (the table) must not see an unhandled rejection; those that wait get it.
    this.#work.catch(() => undefined);
    return this.#work;
  }

  /** The unit's text, once indexed. */
  get(unitId: string): UnitText | undefined {
    return this.#entries.get(unitId);
  }

  get progress(): TextIndexProgress {
    return { indexed: this.#entries.size, total: this.#entries.size + this.#queued.size };
  }

  async #index(unitIds: readonly string[]): Promise<void> {
    try {
      for (let start = 0; start < unitIds.length; start += BATCH) {
        // Yield first: the request that queued these units (a page of the table) is answered before any is read.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const batch = unitIds.slice(start, start + BATCH);
        const texts = await Promise.all(batch.map(async (id) => unitText(await this.store.getEvents(id))));
        batch.forEach((id, index) => {
          this.#entries.set(id, texts[index]!);
          this.#queued.delete(id);
        });
      }
    } catch (error) {
      // Units left queued are asked for again by the next update.
      for (const id of unitIds) this.#queued.delete(id);
      this.#failure = error;
      throw error;
    }
  }
}
