import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBackend } from '../src/backends/create-backend.js';
import { ensureTestModel } from '../src/backends/llama/test-model/ensure-test-model.js';
const model = await ensureTestModel(mkdtempSync(join(tmpdir(), 'qm-')));
for (let rep = 0; rep < 3; rep++) {
  let t = performance.now();
  const b = await createBackend(`llama:${model}`, { llama: { threads: 1, sequences: 1, quiet: true } });
  const tc = performance.now() - t; t = performance.now();
  const r = await b.complete({ messages: [{ role: 'user', content: 'hello there, what is the answer?' }], decoding: { maxTokens: 64, temperature: 0.7, seed: 1 } });
  const tg = performance.now() - t; t = performance.now();
  await b.close();
  const tx = performance.now() - t;
  console.log(`create ${tc.toFixed(0)} ms, complete ${tg.toFixed(0)} ms (latency ${r.latencyMs.toFixed(0)}, ${r.usage.completionTokens} tok), close ${tx.toFixed(0)} ms`);
}
