import winkBm25 from 'wink-bm25-text-search';
import { BM25_PARAMS, directBm25 } from './direct-bm25.js';
import { searchTokens } from './tokenize.js';

/** A document of a retrieval library. */
export interface Bm25Document {
  id: string;
  text: string;
}

/** One retrieved document. */
export interface Bm25Hit {
  id: string;
  score: number;
  /** 0-based position in the ranking. */
  rank: number;
}

/** wink needs this many documents before it can consolidate its index. */
export const WINK_MIN_DOCUMENTS = 3;

/**
 * BM25 passage retrieval over a fixed library (DeALOG's ContextAgent, row
 * selection in large tables). Libraries of 3 or more documents use
 * wink-bm25-text-search (true Okapi BM25); smaller ones, which wink cannot
 * consolidate, use `directBm25`, the same formula computed directly, rather
 * than padding the library with dummy documents (which would change every
 * idf). Ties rank in library order, so results are deterministic.
 */
export class Bm25Index {
  /** Which implementation ranks this library. */
  readonly engine: 'wink' | 'direct';
  readonly #documents: readonly Bm25Document[];
  readonly #position: ReadonlyMap<string, number>;
  readonly #wink: ReturnType<typeof winkBm25> | undefined;

  constructor(documents: readonly Bm25Document[]) {
    const ids = new Set(documents.map((document) => document.id));
    if (ids.size !== documents.length) throw new RangeError('Bm25Index: document ids must be unique');
    this.#documents = documents;
    this.#position = new Map(documents.map((document, index) => [document.id, index]));
    this.engine = documents.length >= WINK_MIN_DOCUMENTS ? 'wink' : 'direct';
    if (this.engine === 'wink') {
      const engine = winkBm25();
      engine.defineConfig({ fldWeights: { body: 1 }, bm25Params: { ...BM25_PARAMS } });
      engine.definePrepTasks([searchTokens]);
      for (const document of documents) engine.addDoc({ body: document.text }, document.id);
      engine.consolidate();
      this.#wink = engine;
    }
  }

  /** Number of documents. */
  get size(): number {
    return this.#documents.length;
  }

  /** Documents that share at least one token with the query, best first (at most `limit`). */
  search(query: string, limit = this.#documents.length): Bm25Hit[] {
    if (this.#documents.length === 0 || limit <= 0) return [];
    const scored =
      this.#wink !== undefined
        ? this.#wink.search(query, this.#documents.length).map(([id, score]) => ({ index: this.#position.get(String(id))!, score }))
        : directBm25(this.#documents.map((document) => document.text), query);
    return scored
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit)
      .map(({ index, score }, rank) => ({ id: this.#documents[index]!.id, score, rank }));
  }
}
