/**
 * `#threads=N` and `#context=N` after a `llama:` spec: parsed and checked,
 * recorded in the run config with the agent's backend, and passed to
 * node-llama-cpp's context (read back from the context it made).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBackendSpec } from '../../src/backends/backend-spec.js';
import { createBackend } from '../../src/backends/create-backend.js';
import { defaultLlamaThreads } from '../../src/backends/llama/llama-backend.js';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { startRun } from '../../src/runner/start-run.js';
import { ConfigError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';
import { testModelPath } from '../helpers/test-model.js';

describe('llama: spec options', () => {
  it('parses threads and context (context-size too), for files and hf: models', () => {
    assert.deepEqual(parseBackendSpec('llama:./m.gguf#threads=1&context=4096'), { kind: 'llama', source: { type: 'file', path: './m.gguf' }, threads: 1, contextSize: 4096 });
    assert.deepEqual(parseBackendSpec('llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M#threads=2'), {
      kind: 'llama',
      source: { type: 'hf', repo: 'bartowski/Qwen2.5-0.5B-Instruct-GGUF', quant: 'Q4_K_M' },
      threads: 2,
    });
    assert.deepEqual(parseBackendSpec('llama:m.gguf#context-size=2048'), { kind: 'llama', source: { type: 'file', path: 'm.gguf' }, contextSize: 2048 });
    assert.deepEqual(parseBackendSpec('llama:m.gguf'), { kind: 'llama', source: { type: 'file', path: 'm.gguf' } });
  });

  it('rejects unknown options and values that are not positive whole numbers, naming the option', () => {
    for (const [spec, pattern] of [
      ['llama:m.gguf#thread=1', /unknown option "thread"/],
      ['llama:m.gguf#threads=0', /threads must be a positive whole number, got "0"/],
      ['llama:m.gguf#threads=1.5', /threads must be a positive whole number, got "1.5"/],
      ['llama:m.gguf#context=', /context must be a positive whole number, got ""/],
      ['llama:m.gguf#threads', /threads must be a positive whole number/],
    ] as const) {
      assert.throws(() => parseBackendSpec(spec), (error: unknown) => error instanceof ConfigError && pattern.test(error.message) && /threads=<CPU threads>, context=/.test(error.hint ?? ''), spec);
    }
  });

  it('defaults to half the cores, at least 1 and at most 4 (1 on a 2-core machine)', () => {
    assert.deepEqual([1, 2, 3, 4, 8, 64].map((cores) => defaultLlamaThreads(cores)), [1, 1, 1, 2, 4, 4]);
  });

  it("reach node-llama-cpp's context; the spec wins over the backend options", async () => {
    const path = await testModelPath();
    const backend = await createBackend(`llama:${path}#threads=1&context=512`, { llama: { threads: 2, quiet: true } });
    try {
      assert.deepEqual((backend as unknown as { contextSettings: unknown }).contextSettings, { threads: 1, contextSize: 512 });
      const long = 'word '.repeat(600);
      await assert.rejects(backend.complete({ messages: [{ role: 'user', content: long }], decoding: { maxTokens: 4 } }), (error: Error & { hint?: string }) => /context of 512 tokens/.test(error.message) && /#context=N/.test(error.hint ?? ''));
    } finally {
      await backend.close?.();
    }
  });

  it('are recorded in the run config with the agent', async () => {
    const path = await testModelPath();
    const store = await openStore(':memory:');
    try {
      await startRun({
        store,
        protocol: 'du',
        overrides: { rounds: 0 },
        dataset: { name: 'demo', path: 'builtin:demo', questions: DEMO_QUESTIONS.slice(0, 1) },
        agents: [{ backend: `llama:${path}#threads=1&context=2048`, decoding: { maxTokens: 8 } }],
        seeds: [1],
        concurrency: 1,
        llama: { quiet: true },
        newRunId: () => 'run-threads',
      });
      assert.equal((await store.getRun('run-threads'))!.config.agents[0]!.backend, `llama:${path}#threads=1&context=2048`);
    } finally {
      await store.close();
    }
  });
});
