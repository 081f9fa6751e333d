import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEmbeddingProvider } from '../../../src/audit/create-embedding-provider.js';
import { ConfigError } from '../../../src/spec/errors.js';
import { testModelPath } from '../../helpers/test-model.js';
import { runEmbeddingSuite } from '../../../src/testing/embedding-suite.js';

// threads 1: fast on small CI machines, and vectors depend on the thread count.
const OPTIONS = { threads: 1, quiet: true };

runEmbeddingSuite('llama (generated test GGUF)', async () => createEmbeddingProvider(`llama:${await testModelPath()}`, OPTIONS), { manyTexts: 60, tolerance: 1e-4 });

describe('llama embeddings', () => {
  it('records the spec as id and shares one loaded model between providers', async () => {
    const path = await testModelPath();
    const first = await createEmbeddingProvider(`llama:${path}#threads=1`, OPTIONS);
    const second = await createEmbeddingProvider(`llama:${path}#threads=1`, OPTIONS);
    assert.equal(first.id, `llama:${path}#threads=1`);
    assert.deepEqual(await first.embed(['shared model']), await second.embed(['shared model']));
    await first.close?.();
    assert.equal((await second.embed(['still loaded']))[0]!.length, second.dimensions);
    await second.close?.();
  });

  it('cuts a text longer than the context instead of failing', async () => {
    const provider = await createEmbeddingProvider(`llama:${await testModelPath()}#context-size=128`, OPTIONS);
    const [vector] = await provider.embed(['word '.repeat(1000)]);
    assert.equal(vector!.length, provider.dimensions);
    await provider.close?.();
  });

  it('rejects a spec that is not a GGUF file', async () => {
    await assert.rejects(createEmbeddingProvider('llama:model.bin', OPTIONS), ConfigError);
    await assert.rejects(createEmbeddingProvider('llama:./missing.gguf', OPTIONS), ConfigError);
  });
});
