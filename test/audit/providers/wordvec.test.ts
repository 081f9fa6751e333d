import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createEmbeddingProvider } from '../../../src/audit/create-embedding-provider.js';
import { WinkVectorScanner } from '../../../src/audit/wordvec/wink-vector-scanner.js';
import { loadWordVectors, readWordVectorCache } from '../../../src/audit/wordvec/word-vector-cache.js';
import { ConfigError } from '../../../src/spec/errors.js';
import { cosine, runEmbeddingSuite } from '../../../src/testing/embedding-suite.js';

// Shared by test runs on this machine: the one-off conversion (a few seconds) happens once.
const CACHE_ROOT = join(tmpdir(), 'quorum-test-cache');
const create = () => createEmbeddingProvider('wordvec', { cacheDir: CACHE_ROOT });

runEmbeddingSuite('wordvec', create, { dimensions: 100, realModel: true, manyTexts: 5000, tolerance: 0 });

describe('wordvec sentence vectors', () => {
  it('scores paraphrases high and unrelated sentences low', async () => {
    const provider = await create();
    const [blocks, antagonist, market, shares] = await provider.embed([
      'Atropine blocks M2 receptors',
      'Atropine is a muscarinic antagonist',
      'The stock market fell',
      'Share prices dropped sharply today',
    ]);
    assert.ok(cosine(blocks!, antagonist!) > 0.6, `atropine paraphrase ${cosine(blocks!, antagonist!)}`);
    assert.ok(cosine(blocks!, market!) < 0.3, `atropine vs market ${cosine(blocks!, market!)}`);
    assert.ok(cosine(market!, shares!) > 0.8, `market paraphrase ${cosine(market!, shares!)}`);
  });

  it('reads spellings of one word alike (case, Greek letters, hyphens, possessives)', async () => {
    const provider = await create();
    const [greek, spelt, upper, plain] = await provider.embed(['β1 receptors', 'beta-1 receptors', "THE PATIENT'S HEART", 'patient heart']);
    assert.ok(cosine(greek!, spelt!) > 0.999);
    assert.ok(cosine(upper!, plain!) > 0.999);
  });

  it('gives stop-word-only and unknown-word texts the zero vector', async () => {
    const provider = await create();
    const [stopWords, unknown] = await provider.embed(['It is what it is, and so on.', 'qzxv wprtk']);
    assert.ok(stopWords!.every((value) => value === 0));
    assert.ok(unknown!.every((value) => value === 0));
  });

  it('records its spec as id and accepts its options', async () => {
    const provider = await createEmbeddingProvider('wordvec#weighting=mean', { cacheDir: CACHE_ROOT });
    assert.equal(provider.id, 'wordvec#weighting=mean');
    await assert.rejects(createEmbeddingProvider('wordvec#colour=red', { cacheDir: CACHE_ROOT }), ConfigError);
    await assert.rejects(createEmbeddingProvider('wordvec#vocabulary=10', { cacheDir: CACHE_ROOT }), ConfigError);
  });

  it('reloads the same vectors from the binary cache (load time: see docs/audit-models.md)', async () => {
    const load = await loadWordVectors({ cacheDir: join(CACHE_ROOT, 'wordvec'), vocabularySize: 200_000 });
    const again = await readWordVectorCache(load.path, 200_000);
    assert.ok(again !== undefined);
    assert.equal(again.size, 200_000);
    assert.deepEqual(again.values.subarray(0, 100), load.vectors.values.subarray(0, 100));
    assert.equal(again.rowOf('muscarinic'), load.vectors.rowOf('muscarinic'));
  });

  it('converts into an empty cache directory and rejects a truncated cache file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quorum-wordvec-'));
    try {
      const first = await loadWordVectors({ cacheDir: dir, vocabularySize: 5000 });
      assert.equal(first.source, 'converted');
      assert.equal(first.vectors.size, 5000);
      assert.equal(first.vectors.words[0], 'the');
      const reread = await readWordVectorCache(first.path, 5000);
      assert.deepEqual(reread?.values, first.vectors.values);
      const { truncate } = await import('node:fs/promises');
      await truncate(first.path, 1000);
      assert.equal(await readWordVectorCache(first.path, 5000), undefined);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('WinkVectorScanner', () => {
  it('reads the first N entries of the package format, whatever the chunk boundaries', () => {
    const words = ['the', ',', '"quoted"', 'naïve', 'β1', ']', 'x\\y', 'last'];
    const vectors = Object.fromEntries(words.map((word, row) => [word, [...Array.from({ length: 3 }, (_, k) => Number(((row + 1) * (k - 1.5) * 0.123).toFixed(5))), 1.5, row]]));
    vectors.last![0] = 1e-5;
    const json = JSON.stringify({ precision: 8, l2NormIndex: 3, wordIndex: 4, size: words.length, dimensions: 3, words, vectors, unkVector: [0, 0, 0, 0, -1] });
    for (const chunkSize of [1, 7, 64, json.length]) {
      const scanner = new WinkVectorScanner(3, 100);
      const bytes = Buffer.from(json, 'utf8');
      for (let start = 0; start < bytes.length; start += chunkSize) scanner.push(bytes.subarray(start, start + chunkSize));
      assert.ok(scanner.done);
      assert.deepEqual(scanner.words, words);
      words.forEach((word, row) => assert.deepEqual(Array.from(scanner.vectors.subarray(row * 3, row * 3 + 3)), vectors[word]!.slice(0, 3).map(Math.fround)));
    }
    const firstTwo = new WinkVectorScanner(3, 2);
    firstTwo.push(Buffer.from(json, 'utf8'));
    assert.deepEqual(firstTwo.words, ['the', ',']);
  });
});
