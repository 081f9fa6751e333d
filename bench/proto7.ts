import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLlamaRuntime } from '../src/backends/llama/llama-runtime.js';
import { ensureTestModel } from '../src/backends/llama/test-model/ensure-test-model.js';
const model = await ensureTestModel(mkdtempSync(join(tmpdir(), 'qm-')));
let t = performance.now();
const llama = await loadLlamaRuntime({ quiet: true });
console.log('runtime', (performance.now() - t).toFixed(0));
for (let rep = 0; rep < 3; rep++) {
  t = performance.now();
  const m = await llama.loadModel({ modelPath: model });
  const a = performance.now() - t; t = performance.now();
  const c = await m.createContext({ sequences: 1, contextSize: { max: 4096 }, threads: 1 });
  const b = performance.now() - t; t = performance.now();
  const c2 = await m.createContext({ sequences: 1, contextSize: 4096, threads: 1 });
  const b2 = performance.now() - t; t = performance.now();
  await c.dispose(); await c2.dispose(); await m.dispose();
  console.log(`load ${a.toFixed(0)} ms, context {max} ${b.toFixed(0)} ms (size ${c.contextSize}), context fixed ${b2.toFixed(0)} ms, dispose ${(performance.now() - t).toFixed(0)} ms`);
}
