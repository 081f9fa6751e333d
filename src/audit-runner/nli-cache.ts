import type { NliPair, NliProvider } from '../spec/audit.js';
import { QuorumError } from '../spec/errors.js';
import type { AuditProgress } from './embedding-cache.js';

/** Pairs per `classify` call unless configured. */
export const DEFAULT_NLI_BATCH = 1024;

/**
 * Contradiction probabilities of (premise, hypothesis) pairs, each distinct
 * pair classified once per audit. The audit queues the best-match pairs of
 * every question first (`request`), then classifies them in a few large
 * batches (`resolve`): NLI is the expensive model, and a pair that is the
 * best match both ways, or recurs across questions, is scored once.
 */
export class NliCache {
  readonly #provider: NliProvider;
  readonly #batchSize: number;
  readonly #scores = new Map<string, number>();
  readonly #pending = new Map<string, NliPair>();
  /** Pairs asked for, repeats included (for the efficiency figures). */
  requested = 0;

  constructor(provider: NliProvider, options: { batchSize?: number } = {}) {
    this.#provider = provider;
    this.#batchSize = options.batchSize ?? DEFAULT_NLI_BATCH;
  }

  /** Distinct pairs seen so far. */
  get size(): number {
    return this.#scores.size + this.#pending.size;
  }

  /** Queues pairs for the next `resolve`. */
  request(pairs: Iterable<NliPair>): void {
    for (const pair of pairs) {
      this.requested += 1;
      const key = pairKey(pair.premise, pair.hypothesis);
      if (!this.#scores.has(key) && !this.#pending.has(key)) this.#pending.set(key, { premise: pair.premise, hypothesis: pair.hypothesis });
    }
  }

  /** Classifies every queued pair not classified yet. */
  async resolve(progress?: AuditProgress): Promise<void> {
    const pending = [...this.#pending.keys()];
    for (let offset = 0; offset < pending.length; offset += this.#batchSize) {
      const keys = pending.slice(offset, offset + this.#batchSize);
      const scores = await this.#provider.classify(keys.map((key) => this.#pending.get(key)!));
      if (scores.length !== keys.length) throw providerError(this.#provider.id, `returned ${scores.length} results for ${keys.length} pairs`);
      scores.forEach((score, index) => {
        const contradiction = score.contradiction;
        if (!Number.isFinite(contradiction) || contradiction < 0 || contradiction > 1) {
          throw providerError(this.#provider.id, `returned a contradiction probability of ${contradiction}`);
        }
        this.#scores.set(keys[index]!, contradiction);
        this.#pending.delete(keys[index]!);
      });
      progress?.('nli', Math.min(offset + keys.length, pending.length), pending.length);
    }
  }

  /** pc(premise, hypothesis) of a resolved pair. */
  contradiction(premise: string, hypothesis: string): number {
    const score = this.#scores.get(pairKey(premise, hypothesis));
    if (score === undefined) throw new Error(`bug: NLI pair was not classified before use: ${premise.slice(0, 40)} / ${hypothesis.slice(0, 40)}`);
    return score;
  }
}

/** An unambiguous key of an ordered pair, whatever characters the texts hold. */
function pairKey(premise: string, hypothesis: string): string {
  return `${premise.length}:${premise}${hypothesis}`;
}

function providerError(id: string, problem: string): QuorumError {
  return new QuorumError('AUDIT_PROVIDER', `NLI provider ${id} ${problem}`, { hint: 'the provider is broken or misconfigured; try another --nli spec' });
}
