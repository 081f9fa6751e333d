import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AuditModelError } from '../../../src/audit/audit-model-error.js';
import { createEmbeddingProvider } from '../../../src/audit/create-embedding-provider.js';
import { createNliProvider } from '../../../src/audit/create-nli-provider.js';
import { ConfigError } from '../../../src/spec/errors.js';
import { tinyOnnxModelDir } from '../../helpers/tiny-onnx-model.js';
import { runEmbeddingSuite } from '../../../src/testing/embedding-suite.js';
import { runNliSuite } from '../../../src/testing/nli-suite.js';

// The generated model has random weights: the suites check the plumbing
// (batching, padding, order, label mapping), not the quality of the answers.
const OPTIONS = { threads: 1, quiet: true, offline: true };

runEmbeddingSuite('transformers (tiny generated ONNX model)', async () => createEmbeddingProvider(`transformers:${await tinyOnnxModelDir()}`, OPTIONS), {
  dimensions: 16,
});
runNliSuite('transformers (tiny generated ONNX model)', async () => createNliProvider(`transformers:${await tinyOnnxModelDir()}`, OPTIONS));

describe('transformers NLI labels', () => {
  const pairs = [
    { premise: 'A man sleeps.', hypothesis: 'A man is awake.' },
    { premise: 'The dog plays in the church.', hypothesis: 'The heart rate is high today.' },
  ];

  it('maps outputs to classes by id2label, in any order and case', async () => {
    const crossEncoderOrder = await createNliProvider(`transformers:${await tinyOnnxModelDir()}`, OPTIONS);
    const mnliOrder = await createNliProvider(`transformers:${await tinyOnnxModelDir({ labels: ['ENTAILMENT', 'NEUTRAL', 'CONTRADICTION'] })}`, OPTIONS);
    // Same weights, so the same logits; only the meaning of each output differs.
    const a = await crossEncoderOrder.classify(pairs);
    const b = await mnliOrder.classify(pairs);
    a.forEach((scores, index) => {
      assert.ok(Math.abs(scores.contradiction - b[index]!.entailment) < 1e-6);
      assert.ok(Math.abs(scores.entailment - b[index]!.neutral) < 1e-6);
      assert.ok(Math.abs(scores.neutral - b[index]!.contradiction) < 1e-6);
    });
  });

  it('needs #labels= for generic LABEL_<i> outputs and then uses it', async () => {
    const dir = await tinyOnnxModelDir({ labels: ['LABEL_0', 'LABEL_1', 'LABEL_2'] });
    await assert.rejects(createNliProvider(`transformers:${dir}`, OPTIONS), (error: unknown) => error instanceof ConfigError && /#labels=/.test(error.hint ?? ''));
    const generic = await createNliProvider(`transformers:${dir}#labels=contradiction,entailment,neutral`, OPTIONS);
    const named = await createNliProvider(`transformers:${await tinyOnnxModelDir()}`, OPTIONS);
    assert.deepEqual(await generic.classify(pairs), await named.classify(pairs));
  });
});

describe('transformers model sources', () => {
  const temporary: string[] = [];
  after(async () => {
    for (const dir of temporary) await rm(dir, { recursive: true, force: true });
  });

  it('fails fast and clearly for a model id that is not cached when offline', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'quorum-transformers-'));
    temporary.push(cacheDir);
    const started = performance.now();
    await assert.rejects(createNliProvider('transformers:Xenova/nli-deberta-v3-small', { cacheDir, offline: true }), (error: unknown) => {
      assert.ok(error instanceof AuditModelError);
      assert.equal(error.code, 'AUDIT_MODEL_UNAVAILABLE');
      assert.match(error.message, /Xenova\/nli-deberta-v3-small is not in the cache/);
      assert.match(error.hint ?? '', /local folder.*http:/);
      return true;
    });
    assert.ok(performance.now() - started < 10_000, "fails fast instead of waiting for a download");
  });

  it('honours QUORUM_OFFLINE=1 from the environment', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'quorum-transformers-'));
    temporary.push(cacheDir);
    await assert.rejects(createEmbeddingProvider('transformers:Xenova/all-MiniLM-L6-v2', { cacheDir, env: { QUORUM_OFFLINE: '1' } }), /QUORUM_OFFLINE=1/);
  });

  it('fails within the probe timeout when the model hub is unreachable', async () => {
    const cacheDir = await mkdtemp(join(tmpdir(), 'quorum-transformers-'));
    temporary.push(cacheDir);
    const saved = process.env.HF_ENDPOINT;
    process.env.HF_ENDPOINT = 'http://127.0.0.1:9';
    try {
      const started = performance.now();
      await assert.rejects(createEmbeddingProvider('transformers:Xenova/all-MiniLM-L6-v2', { cacheDir, offline: false, probeTimeoutMs: 2000 }), (error: unknown) => {
        assert.ok(error instanceof AuditModelError);
        assert.match(error.message, /cannot download Xenova\/all-MiniLM-L6-v2: .*unreachable/);
        return true;
      });
      assert.ok(performance.now() - started < 15_000);
    } finally {
      if (saved === undefined) delete process.env.HF_ENDPOINT;
      else process.env.HF_ENDPOINT = saved;
    }
  });

  it('names a missing folder, and a folder without a model', async () => {
    await assert.rejects(createEmbeddingProvider('transformers:./no/such/model-folder', OPTIONS), (error: unknown) => error instanceof ConfigError && /folder not found/.test(error.message));
    const empty = await mkdtemp(join(tmpdir(), 'quorum-transformers-'));
    temporary.push(empty);
    await mkdir(join(empty, 'onnx'));
    await writeFile(join(empty, 'config.json'), '{"model_type": "bert"}');
    await assert.rejects(createEmbeddingProvider(`transformers:${empty}`, OPTIONS), (error: unknown) => error instanceof AuditModelError && error.failure === 'load-failed');
  });
});
