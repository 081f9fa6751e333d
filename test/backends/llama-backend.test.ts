import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createLlamaBackend } from '../../src/backends/llama/llama-backend.js';
import type { ChatBackend, ChatMessage, ChatRequest } from '../../src/spec/chat.js';
import { BackendError, ConfigError } from '../../src/spec/errors.js';
import { testModelPath } from '../helpers/test-model.js';

// Every test pins threads: 1. The default thread count is ~100x slower on
// small CI machines, and replies depend on the thread count.
const THREADS = 1;

const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'You are a careful medical expert.' },
  { role: 'user', content: 'Which drug blocks M2 receptors? A) atropine B) insulin C) heparin D) aspirin' },
];

const STEPS_SCHEMA = {
  type: 'object',
  properties: {
    answer: { type: 'string', enum: ['A', 'B', 'C', 'D'] },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: { claim: { type: 'string', maxLength: 40 }, ground: { type: 'string', maxLength: 40 } },
        required: ['claim', 'ground'],
      },
      maxItems: 3,
    },
  },
  required: ['steps', 'answer'],
};

/** Checks a value against STEPS_SCHEMA; returns the problems found. */
function stepsSchemaProblems(value: unknown): string[] {
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['not an object'];
  const record = value as Record<string, unknown>;
  if (!['A', 'B', 'C', 'D'].includes(record.answer as string)) problems.push(`answer ${JSON.stringify(record.answer)}`);
  if (!Array.isArray(record.steps)) return [...problems, 'steps is not an array'];
  if (record.steps.length > 3) problems.push(`${record.steps.length} steps`);
  for (const step of record.steps as unknown[]) {
    const fields = step as Record<string, unknown>;
    for (const field of ['claim', 'ground']) {
      const text = fields[field];
      if (typeof text !== 'string') problems.push(`${field} missing`);
      else if ([...text].length > 40) problems.push(`${field} longer than 40: ${JSON.stringify(text)}`);
      else if (text.includes('\uFFFD')) problems.push(`${field} has invalid UTF-8: ${JSON.stringify(text)}`);
    }
  }
  return problems;
}

function request(decoding: ChatRequest['decoding'], extra: Partial<ChatRequest> = {}): ChatRequest {
  return { messages: MESSAGES, decoding, ...extra };
}

let modelPath: string;
let backend: ChatBackend;
let scratch: string;

before(async () => {
  modelPath = await testModelPath();
  scratch = await mkdtemp(join(tmpdir(), 'quorum-llama-test-'));
  backend = await createLlamaBackend({ kind: 'llama', source: { type: 'file', path: modelPath } }, { threads: THREADS, quiet: true });
});

after(async () => {
  await backend.close?.();
  await rm(scratch, { recursive: true, force: true });
});

describe('llama backend on the generated test model', () => {
  it('completes a chat with the model chat template and reports usage', async () => {
    const response = await backend.complete(request({ temperature: 0, maxTokens: 64 }));
    assert.equal(typeof response.text, 'string');
    assert.ok(response.text.length > 0);
    assert.ok(response.usage.promptTokens > 10, `prompt tokens ${response.usage.promptTokens}`);
    assert.ok(response.usage.completionTokens > 0 && response.usage.completionTokens <= 64);
    assert.equal(response.usage.cachedPromptTokens, 0);
    assert.equal(response.model, basename(modelPath));
    assert.equal(response.costUsd, null);
    assert.equal(response.cacheHit, false);
    assert.equal(response.attempts, 1);
    assert.ok(response.latencyMs > 0);
    assert.ok(!response.text.includes('\uFFFD'), 'byte tokens 0x80-0xFF are banned for the test model');
    assert.equal(backend.provider, 'llama');
    assert.equal(backend.modelId, basename(modelPath));
    assert.match(backend.id, new RegExp(`^llama:${basename(modelPath).replace(/\./g, "\\.")}#[0-9a-f]{12}$`));
  });

  it('counts the system message in the prompt', async () => {
    const withSystem = await backend.complete(request({ temperature: 0, maxTokens: 4 }));
    const withoutSystem = await backend.complete({ messages: MESSAGES.slice(1), decoding: { temperature: 0, maxTokens: 4 } });
    assert.ok(withSystem.usage.promptTokens > withoutSystem.usage.promptTokens + 5);
  });

  it("reports finishReason 'length' when maxTokens cuts the reply", async () => {
    const response = await backend.complete(request({ temperature: 0.8, seed: 3, maxTokens: 4 }));
    assert.equal(response.finishReason, 'length');
    assert.equal(response.usage.completionTokens, 4);
  });

  it('gives the same text for the same seed, and different texts for different seeds', async () => {
    const greedy = [await backend.complete(request({ temperature: 0, maxTokens: 48 })), await backend.complete(request({ temperature: 0, maxTokens: 48 }))];
    assert.equal(greedy[0]!.text, greedy[1]!.text);
    const first = await backend.complete(request({ temperature: 0.9, seed: 42, maxTokens: 48 }));
    const second = await backend.complete(request({ temperature: 0.9, seed: 42, maxTokens: 48 }));
    assert.equal(first.text, second.text);
    const others = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) others.add((await backend.complete(request({ temperature: 0.9, seed, maxTokens: 48 }))).text);
    assert.ok(others.size >= 3, `only ${others.size} distinct texts from 5 seeds`);
  });

  it('gives the same text in another process', async () => {
    const here = await backend.complete(request({ temperature: 0.7, seed: 11, maxTokens: 32 }));
    const script = `
      const { createLlamaBackend } = await import(${JSON.stringify(new URL('../../src/backends/llama/llama-backend.ts', import.meta.url).href)});
      const backend = await createLlamaBackend({ kind: 'llama', source: { type: 'file', path: ${JSON.stringify(modelPath)} } }, { threads: 1, quiet: true });
      const response = await backend.complete({ messages: ${JSON.stringify(MESSAGES)}, decoding: { temperature: 0.7, seed: 11, maxTokens: 32 } });
      process.stdout.write(JSON.stringify(response.text));
      await backend.close();`;
    const scriptPath = join(scratch, 'other-process.mts');
    await writeFile(scriptPath, script);
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', scriptPath], { timeout: 60_000 });
    assert.equal(JSON.parse(stdout), here.text);
  });

  it('stops at a stop sequence and leaves it out', async () => {
    const free = await backend.complete(request({ temperature: 0.9, seed: 5, maxTokens: 40 }));
    assert.ok(free.text.length >= 12, `reply too short to cut: ${JSON.stringify(free.text)}`);
    const stop = free.text.slice(8, 11);
    const stopped = await backend.complete(request({ temperature: 0.9, seed: 5, maxTokens: 40, stop: [stop] }));
    assert.equal(stopped.text, free.text.slice(0, free.text.indexOf(stop)));
    assert.equal(stopped.finishReason, 'stop');
  });

  it('constrains replies to a JSON schema: 20 seeds, all schema-valid', async () => {
    const started = performance.now();
    let tokens = 0;
    for (let seed = 0; seed < 20; seed++) {
      const response = await backend.complete(
        request({ temperature: 0.8, seed, maxTokens: 1024 }, { responseFormat: { name: 'gdp_steps', schema: STEPS_SCHEMA } }),
      );
      tokens += response.usage.completionTokens;
      assert.equal(response.structured, 'grammar');
      assert.equal(response.finishReason, 'stop', `seed ${seed} cut off: ${response.text}`);
      assert.deepEqual(response.json, JSON.parse(response.text), `seed ${seed}: ${response.text}`);
      assert.deepEqual(stepsSchemaProblems(response.json), [], `seed ${seed}: ${response.text}`);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`# grammar: 20 replies, ${tokens} tokens in ${seconds.toFixed(2)} s (${(tokens / seconds).toFixed(0)} tokens/s, threads 1)`);
  });

  it('refuses schemas the grammar converter would silently turn into null', async () => {
    for (const schema of [
      { anyOf: [{ type: 'string' }, { type: 'number' }] },
      { type: 'object', properties: { note: { type: ['object', 'null'] } } },
      { type: 'object', properties: { anything: {} } },
    ]) {
      await assert.rejects(backend.complete(request({ maxTokens: 16 }, { responseFormat: { name: 'bad', schema } })), (error: unknown) => {
        assert.ok(error instanceof BackendError);
        assert.equal(error.failure, 'bad-request');
        assert.match(error.message, /schema/);
        return true;
      });
    }
    const nullable = await backend.complete(
      request({ temperature: 0.5, seed: 2, maxTokens: 200 }, { responseFormat: { name: 'ok', schema: { type: 'object', properties: { note: { type: ['string', 'null'], maxLength: 20 } } } } }),
    );
    assert.equal(typeof nullable.json, 'object');
  });

  it('runs parallel calls, each with the same reply as when run alone', async () => {
    const requests = [0, 1, 2, 3, 4, 5].map((seed) =>
      request({ temperature: 0.9, seed, maxTokens: 40 }, seed % 2 === 0 ? { responseFormat: { name: 'gdp_steps', schema: STEPS_SCHEMA } } : {}),
    );
    const alone = [];
    for (const each of requests) alone.push((await backend.complete(each)).text);
    // Six calls on four sequences: two wait for a free sequence.
    const together = await Promise.all(requests.map((each) => backend.complete(each)));
    assert.deepEqual(
      together.map((response) => response.text),
      alone,
    );
  });

  it('shares one loaded model between backends and survives closing one of them', async () => {
    const other = await createLlamaBackend({ kind: 'llama', source: { type: 'file', path: modelPath } }, { threads: THREADS, quiet: true });
    const mine = await backend.complete(request({ temperature: 0, maxTokens: 16 }));
    const theirs = await other.complete(request({ temperature: 0, maxTokens: 16 }));
    assert.equal(theirs.text, mine.text);
    await other.close?.();
    await other.close?.();
    await assert.rejects(other.complete(request({ temperature: 0, maxTokens: 4 })), (error: unknown) => error instanceof BackendError);
    assert.equal((await backend.complete(request({ temperature: 0, maxTokens: 16 }))).text, mine.text);
  });

  it('fails a cancelled call with an aborted BackendError', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(backend.complete(request({ temperature: 0, maxTokens: 16 }, { signal: controller.signal })), (error: unknown) => {
      assert.ok(error instanceof BackendError);
      assert.equal(error.failure, 'aborted');
      return true;
    });
  });

  it('refuses a prompt longer than the context', async () => {
    const small = await createLlamaBackend(
      { kind: 'llama', source: { type: 'file', path: modelPath } },
      { threads: THREADS, quiet: true, contextSize: 256, sequences: 1 },
    );
    try {
      const long: ChatMessage[] = [{ role: 'user', content: 'word '.repeat(400) }];
      await assert.rejects(small.complete({ messages: long, decoding: { maxTokens: 8 } }), (error: unknown) => {
        assert.ok(error instanceof BackendError);
        assert.equal(error.failure, 'bad-request');
        assert.match(error.hint ?? '', /contextSize/);
        return true;
      });
    } finally {
      await small.close?.();
    }
  });
});

describe('llama backend model sources', () => {
  it('names a missing file in a ConfigError', async () => {
    const missing = join(scratch, 'nowhere', 'model.gguf');
    await assert.rejects(createLlamaBackend({ kind: 'llama', source: { type: 'file', path: missing } }, { quiet: true }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.ok(error.message.includes(missing), error.message);
      return true;
    });
  });

  it('says clearly when a file is not a GGUF model', async () => {
    const notGguf = join(scratch, 'weights.gguf');
    await writeFile(notGguf, '{"this": "is json, not a model"}');
    await assert.rejects(createLlamaBackend({ kind: 'llama', source: { type: 'file', path: notGguf } }, { quiet: true }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /not a GGUF model file/);
      assert.ok(error.message.includes(notGguf));
      return true;
    });
  });

  it('uses a cached hf: model without the network', async () => {
    const cacheDir = join(scratch, 'hf-cache');
    await mkdir(cacheDir, { recursive: true });
    // node-llama-cpp's file name for hf:quorum/test-model:F32.
    await copyFile(modelPath, join(cacheDir, 'hf_quorum_test-model_test-model.F32.gguf'));
    const cached = await createLlamaBackend({ kind: 'llama', source: { type: 'hf', repo: 'quorum/test-model', quant: 'F32' } }, { threads: THREADS, quiet: true, cacheDir });
    try {
      assert.equal(cached.id, 'llama:hf:quorum/test-model:F32');
      const response = await cached.complete(request({ temperature: 0, maxTokens: 8 }));
      assert.equal(response.model, 'hf_quorum_test-model_test-model.F32.gguf');
    } finally {
      await cached.close?.();
    }
  });

  // The hub address is pointed at this machine so the tests behave the same
  // with or without internet and never start a real download.
  async function assertFailsOffline(hubEndpoint: string): Promise<number> {
    const previous = process.env.HF_ENDPOINT;
    process.env.HF_ENDPOINT = hubEndpoint;
    const started = Date.now();
    try {
      await assert.rejects(
        createLlamaBackend(
          { kind: 'llama', source: { type: 'hf', repo: 'bartowski/Qwen2.5-0.5B-Instruct-GGUF', quant: 'Q4_K_M' } },
          { quiet: true, cacheDir: join(scratch, 'empty-cache') },
        ),
        (error: unknown) => {
          assert.ok(error instanceof BackendError, String(error));
          assert.equal(error.failure, 'unavailable');
          assert.match(error.message, /cannot download hf:bartowski\/Qwen2\.5-0\.5B-Instruct-GGUF:Q4_K_M/);
          assert.match(error.hint ?? '', /--backend llama:\/path\/model\.gguf/);
          assert.match(error.hint ?? '', /--backend openai:<model>@<url>/);
          return true;
        },
      );
    } finally {
      if (previous === undefined) delete process.env.HF_ENDPOINT;
      else process.env.HF_ENDPOINT = previous;
    }
    return Date.now() - started;
  }

  it('fails fast for an uncached hf: model when the hub refuses connections', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const elapsed = await assertFailsOffline(`http://127.0.0.1:${port}`);
    assert.ok(elapsed < 5_000, `took ${elapsed} ms`);
  });

  it('fails within seconds, not minutes, when the hub never answers', async () => {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const elapsed = await assertFailsOffline(`http://127.0.0.1:${port}`);
      assert.ok(elapsed < 20_000, `took ${elapsed} ms`);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('rejects a bad QUORUM_LLAMA_THREADS', async () => {
    process.env.QUORUM_LLAMA_THREADS = 'many';
    try {
      await assert.rejects(createLlamaBackend({ kind: 'llama', source: { type: 'file', path: modelPath } }, { quiet: true }), ConfigError);
    } finally {
      delete process.env.QUORUM_LLAMA_THREADS;
    }
  });
});
