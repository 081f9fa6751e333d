import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveChatWrapper } from 'node-llama-cpp';
import { loadLlamaRuntime } from '../src/backends/llama/llama-runtime.js';
import { byteTokenBias } from '../src/backends/llama/byte-token-bias.js';
import { acquireLlamaContext } from '../src/backends/llama/shared-llama-context.js';
import { ensureTestModel } from '../src/backends/llama/test-model/ensure-test-model.js';
const model = await ensureTestModel(mkdtempSync(join(tmpdir(), 'qm-')));
await loadLlamaRuntime({ quiet: true });
for (let rep = 0; rep < 3; rep++) {
  let t = performance.now();
  const lease = await acquireLlamaContext(model, { threads: 1, contextSize: undefined, sequences: 1, quiet: true });
  const a = performance.now() - t; t = performance.now();
  const bias = byteTokenBias(lease.model);
  const b = performance.now() - t; t = performance.now();
  resolveChatWrapper(lease.model);
  const c = performance.now() - t; t = performance.now();
  await lease.release();
  console.log(`acquire ${a.toFixed(0)} ms, byteTokenBias ${b.toFixed(0)} ms, chatWrapper ${c.toFixed(0)} ms, release ${(performance.now() - t).toFixed(0)} ms`);
}
