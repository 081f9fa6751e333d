/**
 * Deterministic audit providers for tests: embeddings are vectors defined
 * per text, contradiction probabilities are defined per ordered pair (0
 * unless given). Both record every call, so tests can count batches and
 * pairs.
 */
import type { EmbeddingProvider, NliPair, NliProvider, NliScores } from '../../src/spec/audit.js';

/** Embeds each text with the vector given for it; unknown texts fail loudly (or get `fallback`). */
export class FakeEmbeddingProvider implements EmbeddingProvider {
  readonly id: string;
  readonly calls: string[][] = [];
  readonly #vectors: Map<string, readonly number[]>;
  readonly #fallback: ((text: string) => readonly number[]) | undefined;

  constructor(vectors: Record<string, readonly number[]>, options: { id?: string; fallback?: (text: string) => readonly number[] } = {}) {
    this.id = options.id ?? 'fake-embed';
    this.#vectors = new Map(Object.entries(vectors));
    this.#fallback = options.fallback;
  }

  get dimensions(): number | undefined {
    return this.#vectors.values().next().value?.length;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    return texts.map((text) => {
      const vector = this.#vectors.get(text) ?? this.#fallback?.(text);
      if (vector === undefined) throw new Error(`fake embedding: no vector for "${text}"`);
      // Float64 precision matters for 1e-9 checks: the values used are exact in float32 or compared loosely.
      return Float32Array.from(vector);
    });
  }
}

/** Key of an ordered pair in `FakeNliProvider`'s table. */
export function nliKey(premise: string, hypothesis: string): string {
  return `${premise} ⟶ ${hypothesis}`;
}

/** Returns the contradiction probability given for each ordered pair (0 otherwise). */
export class FakeNliProvider implements NliProvider {
  readonly id: string;
  readonly calls: NliPair[][] = [];
  readonly #contradictions: Map<string, number>;
  readonly #fallback: (premise: string, hypothesis: string) => number;

  constructor(contradictions: Record<string, number> = {}, options: { id?: string; fallback?: (premise: string, hypothesis: string) => number } = {}) {
    this.id = options.id ?? 'fake-nli';
    this.#contradictions = new Map(Object.entries(contradictions));
    this.#fallback = options.fallback ?? (() => 0);
  }

  /** Every pair classified, over all calls. */
  get pairs(): NliPair[] {
    return this.calls.flat();
  }

  async classify(pairs: readonly NliPair[]): Promise<NliScores[]> {
    this.calls.push([...pairs]);
    return pairs.map((pair) => {
      const contradiction = this.#contradictions.get(nliKey(pair.premise, pair.hypothesis)) ?? this.#fallback(pair.premise, pair.hypothesis);
      return { contradiction, entailment: (1 - contradiction) / 2, neutral: (1 - contradiction) / 2 };
    });
  }
}

/** A vector per text from its characters: the same text always gets the same vector. */
export function hashedVector(text: string): number[] {
  const vector = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const [index, char] of [...text].entries()) vector[(char.charCodeAt(0) + index) % 8]! += 1;
  return vector;
}
