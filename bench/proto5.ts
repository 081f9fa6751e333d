import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRun } from '../src/runner/start-run.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import { ensureTestModel } from '../src/backends/llama/test-model/ensure-test-model.js';
import type { Question } from '../src/spec/question.js';
const model = await ensureTestModel(mkdtempSync(join(tmpdir(), 'qm-')));
const n = Number(process.argv[2] ?? 3); const maxTokens = Number(process.argv[3] ?? 128);
const questions: Question[] = Array.from({ length: n }, (_, i) => ({ id: `q${i}`, prompt: `Synthetic question ${i}: which option is correct?`, options: { A: 'alpha', B: 'beta', C: 'gamma', D: 'delta' }, gold: { kind: 'choice', value: 'A' } }));
for (let rep = 0; rep < 2; rep++) {
  const dir = mkdtempSync(join(tmpdir(), 'qb-'));
  const store = await openSqliteStore(join(dir, 'b.db'));
  const t = performance.now();
  const out = await startRun({ store, protocol: 'du', overrides: { rounds: 1 }, dataset: { name: 's', path: 's', questions }, agents: [0,1,2].map(() => ({ backend: `llama:${model}`, decoding: { maxTokens } })), seeds: [1], concurrency: 1, backendConcurrency: 1, llama: { threads: 1, sequences: 1, quiet: true }, fresh: true });
  const s = (performance.now() - t) / 1000;
  const units = await store.listUnits(out.runId);
  let ct = 0, pt = 0, lat = 0; for (const u of units) { ct += u.summary!.usage.completionTokens; pt += u.summary!.usage.promptTokens; lat += u.summary!.latencyMs; }
  console.log(`rep ${rep}: ${s.toFixed(2)} s, completion ${ct} prompt ${pt}, ${(ct / s).toFixed(0)} tok/s, gen-only ${(ct / lat * 1000).toFixed(0)} tok/s, status ${units.map(u=>u.status).join(',')}`);
  const ev = await store.getEvents(units[0]!.id); const t1 = ev.find((e) => e.type === 'turn' && e.round === 1) as any; console.log(JSON.stringify(t1.messages).length, t1.usage, t1.finishReason, JSON.stringify(t1.text.slice(0, 80)));
  await store.close(); rmSync(dir, { recursive: true, force: true });
}
