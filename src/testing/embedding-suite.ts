/**
 * The shared `EmbeddingProvider` suite: every embedding model (wordvec,
 * transformers, http, llama) runs these cases.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EmbeddingProvider } from '../spec/audit.js';

/** What a provider is expected to do beyond the interface. */
export interface EmbeddingSuiteOptions {
  /** Vector length the provider must report. */
  dimensions?: number;
  /** A real model (not random weights): similar sentences must be closer than unrelated ones. */
  realModel?: boolean;
  /** Largest allowed difference between a text's vector in a batch and alone (padding changes float sums). Default 1e-5. */
  tolerance?: number;
  /** Texts in the many-short-texts case. Default 300. */
  manyTexts?: number;
}

const TEXTS = [
  'Atropine blocks M2 receptors in the heart.',
  'The stock market fell sharply today.',
  'Beta blockers lower the heart rate.',
  'A man is playing a guitar on stage.',
  'Hypokalemia can cause arrhythmias.',
];

/** Runs the shared cases against one implementation. */
export function runEmbeddingSuite(name: string, create: () => Promise<EmbeddingProvider>, options: EmbeddingSuiteOptions = {}): void {
  const tolerance = options.tolerance ?? 1e-5;
  describe(`EmbeddingProvider suite: ${name}`, () => {
    let provider: EmbeddingProvider;
    before(async () => {
      provider = await create();
    });
    after(async () => {
      await provider.close?.();
    });

    it('has an id', () => {
      assert.equal(typeof provider.id, 'string');
      assert.ok(provider.id.length > 0);
    });

    it('returns one vector per text, in input order', async () => {
      const forward = await provider.embed(TEXTS);
      const backward = await provider.embed([...TEXTS].reverse());
      assert.equal(forward.length, TEXTS.length);
      forward.forEach((vector, index) => assertClose(vector, backward[TEXTS.length - 1 - index]!, tolerance));
      assert.ok(distance(forward[0]!, forward[1]!) > 1e-3, 'different texts give different vectors');
    });

    it('gives the same vector in a batch as alone', async () => {
      const batch = await provider.embed(TEXTS);
      for (const [index, text] of TEXTS.entries()) {
        const [alone] = await provider.embed([text]);
        assertClose(batch[index]!, alone!, tolerance);
      }
    });

    it('is deterministic', async () => {
      const first = await provider.embed(TEXTS);
      const second = await provider.embed(TEXTS);
      first.forEach((vector, index) => assert.deepEqual(vector, second[index]));
    });

    it('returns nothing for no texts', async () => {
      assert.deepEqual(await provider.embed([]), []);
    });

    it('gives empty and blank texts the zero vector of the right length', async () => {
      const [empty, blank, real] = await provider.embed(['', '   \n', TEXTS[0]!]);
      assert.equal(empty!.length, real!.length);
      assert.equal(blank!.length, real!.length);
      assert.ok(empty!.every((value) => value === 0));
      assert.ok(blank!.every((value) => value === 0));
      assert.ok(real!.some((value) => value !== 0));
    });

    it('reports its dimensions, equal to every vector length', async () => {
      const vectors = await provider.embed(TEXTS);
      assert.ok(vectors.every((vector) => vector instanceof Float32Array && vector.length === vectors[0]!.length));
      assert.equal(provider.dimensions, vectors[0]!.length);
      if (options.dimensions !== undefined) assert.equal(provider.dimensions, options.dimensions);
      assert.ok(vectors.every((vector) => vector.every(Number.isFinite)));
    });

    it('embeds many short texts in one call', async () => {
      const count = options.manyTexts ?? 300;
      const texts = Array.from({ length: count }, (_, index) => `${TEXTS[index % TEXTS.length]} Case ${index}.`);
      const vectors = await provider.embed(texts);
      assert.equal(vectors.length, count);
      assertClose(vectors[7]!, (await provider.embed([texts[7]!]))[0]!, tolerance);
    });

    if (options.realModel === true) {
      it('puts similar sentences closer than unrelated ones', async () => {
        const [drug, paraphrase, market, marketParaphrase] = await provider.embed([
          'Atropine blocks M2 receptors',
          'Atropine is a muscarinic antagonist',
          'The stock market fell',
          'Share prices dropped sharply today',
        ]);
        assert.ok(cosine(drug!, paraphrase!) > cosine(drug!, market!));
        assert.ok(cosine(market!, marketParaphrase!) > cosine(market!, paraphrase!));
      });
    }
  });
}

/** Cosine similarity of two vectors (0 when one is zero). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let k = 0; k < a.length; k++) {
    dot += a[k]! * b[k]!;
    normA += a[k]! * a[k]!;
    normB += b[k]! * b[k]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

function distance(a: Float32Array, b: Float32Array): number {
  let max = 0;
  for (let k = 0; k < a.length; k++) max = Math.max(max, Math.abs(a[k]! - b[k]!));
  return max;
}

function assertClose(actual: Float32Array, expected: Float32Array, tolerance: number): void {
  assert.equal(actual.length, expected.length);
  const gap = distance(actual, expected);
  assert.ok(gap <= tolerance, `vectors differ by ${gap} (> ${tolerance})`);
}
