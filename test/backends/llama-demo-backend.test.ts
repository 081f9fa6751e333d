import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { resolveDemoBackend } from '../../src/backends/llama/resolve-demo-backend.js';
import { TEST_MODEL_FILE } from '../../src/backends/llama/test-model/ensure-test-model.js';
import { testModelPath } from '../helpers/test-model.js';

let dir: string;
let refusingHub: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quorum-demo-backend-'));
  // A port nobody listens on: the hub "refuses" at once, with or without internet.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  refusingHub = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  process.env.HF_ENDPOINT = refusingHub;
});

after(async () => {
  delete process.env.HF_ENDPOINT;
  await rm(dir, { recursive: true, force: true });
});

describe('quorum demo backend', () => {
  it('falls back to the generated test model when the hf: model can be neither found nor downloaded', async () => {
    const lines: string[] = [];
    const cacheDir = join(dir, 'offline');
    const resolved = await resolveDemoBackend('llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M', (line) => lines.push(line), { cacheDir });
    assert.equal(resolved.testModel, true);
    assert.equal(resolved.spec, `llama:${join(cacheDir, TEST_MODEL_FILE)}`);
    assert.match(resolved.banner ?? '', /nonsense/);
    assert.match(resolved.banner ?? '', /--backend llama:/);
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /cannot be downloaded/);
  });

  it('keeps an hf: model that is already cached', async () => {
    const cacheDir = join(dir, 'cached');
    await mkdir(cacheDir, { recursive: true });
    await copyFile(await testModelPath(), join(cacheDir, 'hf_quorum_test-model_test-model.F32.gguf'));
    const resolved = await resolveDemoBackend('llama:hf:quorum/test-model:F32', () => assert.fail('nothing to say'), { cacheDir });
    assert.deepEqual(resolved, { spec: 'llama:hf:quorum/test-model:F32', banner: undefined, testModel: false });
  });

  it('keeps other backends as given', async () => {
    for (const spec of ['openai:qwen2.5@http://127.0.0.1:8000/v1', 'llama:/models/x.gguf', 'scripted']) {
      assert.deepEqual(await resolveDemoBackend(spec, () => assert.fail('nothing to say')), { spec, banner: undefined, testModel: false });
    }
  });
});
