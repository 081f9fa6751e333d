import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { readGgufFileInfo } from 'node-llama-cpp';
import { buildTestModel, TEST_MODEL_NAME } from '../../src/backends/llama/test-model/build-test-model.js';
import { ensureTestModel, TEST_MODEL_FILE } from '../../src/backends/llama/test-model/ensure-test-model.js';
import { buildTestVocabulary, SPM_SPACE } from '../../src/backends/llama/test-model/test-model-vocabulary.js';

let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-test-model-'));
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('generated test model', () => {
  it('is the same bytes on every build, a few hundred KB', () => {
    const first = buildTestModel();
    const second = buildTestModel();
    assert.ok(first.equals(second));
    assert.ok(first.length > 100_000 && first.length < 1_000_000, `${first.length} bytes`);
    assert.equal(first.subarray(0, 4).toString('latin1'), 'GGUF');
  });

  it('is a GGUF v3 llama model with an SPM vocabulary and an EOS-terminated chat template', async () => {
    const path = await ensureTestModel(dir);
    const info = await readGgufFileInfo(path, { sourceType: 'filesystem' });
    assert.equal(info.version, 3);
    const metadata = info.metadata as unknown as Record<string, Record<string, unknown>>;
    assert.equal(metadata.general?.architecture, 'llama');
    assert.equal(metadata.general?.name, TEST_MODEL_NAME);
    const tokenizer = (metadata.tokenizer as { ggml: { model: string; tokens: string[]; token_type: number[] }; chat_template: string });
    assert.equal(tokenizer.ggml.model, 'llama');
    assert.deepEqual(tokenizer.ggml.tokens.slice(0, 3), ['<unk>', '<s>', '</s>']);
    assert.equal(tokenizer.ggml.token_type.filter((type) => type === 6).length, 256);
    assert.ok(tokenizer.ggml.tokens.includes(SPM_SPACE));
    assert.ok(tokenizer.ggml.tokens.includes('{"'));
    assert.ok(tokenizer.ggml.tokens.includes('"answer"'));
    assert.match(tokenizer.chat_template, /eos_token/);
    assert.equal(info.tensorInfo?.length, 2 + 2 * 9 + 1);
  });

  it('has every merged piece reachable through pieces one character shorter', () => {
    const { tokens } = buildTestVocabulary();
    const vocabulary = new Set(tokens);
    for (const piece of tokens.slice(3 + 256)) {
      const characters = [...piece];
      if (characters.length > 1) assert.ok(vocabulary.has(characters.slice(0, -1).join('')), piece);
    }
  });

  it('is written once, and rewritten when the file differs', async () => {
    const target = join(dir, 'cache');
    const path = await ensureTestModel(target);
    assert.equal(path, join(target, TEST_MODEL_FILE));
    const written = await stat(path);
    assert.equal(await ensureTestModel(target), path);
    assert.equal((await stat(path)).mtimeMs, written.mtimeMs, 'an identical file is left alone');

    await writeFile(path, 'truncated');
    await ensureTestModel(target);
    assert.ok((await readFile(path)).equals(buildTestModel()));
    assert.deepEqual(await readdir(target), [TEST_MODEL_FILE], 'no temporary files are left behind');
  });

  it('survives concurrent writers', async () => {
    const target = join(dir, 'concurrent');
    const paths = await Promise.all([1, 2, 3, 4].map(() => ensureTestModel(target)));
    assert.equal(new Set(paths).size, 1);
    assert.ok((await readFile(paths[0]!)).equals(buildTestModel()));
    assert.deepEqual(await readdir(target), [TEST_MODEL_FILE]);
  });

  it('is written by scripts/make-test-gguf.ts to a given path', async () => {
    const out = join(dir, 'script', 'model.gguf');
    const script = new URL('../../scripts/make-test-gguf.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, out], { timeout: 60_000 });
    assert.equal(stdout.trim(), out);
    assert.ok((await readFile(out)).equals(buildTestModel()));
  });
});
