import type { EmbeddingProvider } from '../spec/audit.js';
import { QuorumError } from '../spec/errors.js';
import { unitVector } from '../metrics/cara/unit-vector.js';

/** Progress of a batched provider pass. */
export type AuditProgress = (stage: 'embed' | 'nli', done: number, total: number) => void;

/** Texts per `embed` call unless configured. */
export const DEFAULT_EMBED_BATCH = 512;

/**
 * Unit vectors of step texts, each distinct text embedded once per audit:
 * texts are collected first (`add`), then embedded in a few large batches
 * (`resolve`) — the same step appears in many pairs, questions and rounds.
 */
export class EmbeddingCache {
  readonly #provider: EmbeddingProvider;
  readonly #batchSize: number;
  readonly #vectors = new Map<string, Float64Array | undefined>();
  #dimensions: number | undefined;

  constructor(provider: EmbeddingProvider, options: { batchSize?: number } = {}) {
    this.#provider = provider;
    this.#batchSize = options.batchSize ?? DEFAULT_EMBED_BATCH;
  }

  /** Distinct texts seen so far. */
  get size(): number {
    return this.#vectors.size;
  }

  /** Queues texts for the next `resolve`. */
  add(texts: Iterable<string>): void {
    for (const text of texts) if (!this.#vectors.has(text)) this.#vectors.set(text, undefined);
  }

  /** Embeds every queued text not embedded yet. */
  async resolve(progress?: AuditProgress): Promise<void> {
    const pending = [...this.#vectors.entries()].filter(([, vector]) => vector === undefined).map(([text]) => text);
    for (let offset = 0; offset < pending.length; offset += this.#batchSize) {
      const batch = pending.slice(offset, offset + this.#batchSize);
      const vectors = await this.#provider.embed(batch);
      if (vectors.length !== batch.length) {
        throw providerError(this.#provider.id, `returned ${vectors.length} vectors for ${batch.length} texts`);
      }
      vectors.forEach((vector, index) => {
        this.#dimensions ??= vector.length;
        if (vector.length !== this.#dimensions) throw providerError(this.#provider.id, `returned vectors of ${vector.length} and ${this.#dimensions} dimensions`);
        this.#vectors.set(batch[index]!, unitVector(vector));
      });
      progress?.('embed', Math.min(offset + batch.length, pending.length), pending.length);
    }
  }

  /** The unit vector of a resolved text. */
  vector(text: string): Float64Array {
    const vector = this.#vectors.get(text);
    if (vector === undefined) throw new Error(`bug: text was not embedded before use: ${text.slice(0, 60)}`);
    return vector;
  }
}

function providerError(id: string, problem: string): QuorumError {
  return new QuorumError('AUDIT_PROVIDER', `embedding provider ${id} ${problem}`, { hint: 'the provider is broken or misconfigured; try another --embed spec' });
}
