import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeServerProcess } from './fake-server-child.js';
import { startRun } from '../src/runner/start-run.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import type { Question } from '../src/spec/question.js';

const latency = Number(process.argv[2] ?? 0);
const n = Number(process.argv[3] ?? 400);
const conc = Number(process.argv[4] ?? 64);
const bc = Number(process.argv[5] ?? 256);
const server = await startFakeServerProcess({ latencyMs: latency, reply: 'Reasoning: option A fits best.\nAnswer: A' });
const questions: Question[] = Array.from({ length: n }, (_, i) => ({ id: `q${i}`, prompt: `Synthetic question ${i}: which option is correct?`, options: { A: 'alpha', B: 'beta', C: 'gamma', D: 'delta' }, gold: { kind: 'choice', value: 'A' } }));
for (let rep = 0; rep < 3; rep++) {
  const dir = mkdtempSync(join(tmpdir(), 'qb-'));
  const store = await openSqliteStore(join(dir, 'b.db'));
  const t = performance.now();
  await startRun({ store, protocol: 'du', dataset: { name: 'synthetic', path: 'synthetic', questions }, agents: [0,1,2].map(() => ({ backend: `openai:bench@${server.url}` })), seeds: [1], concurrency: conc, backendConcurrency: bc, fresh: true });
  const s = (performance.now() - t) / 1000;
  console.log(`rep ${rep}: ${(n * 9 / s).toFixed(0)} completions/s, ${(n / s).toFixed(1)} units/s, ${s.toFixed(2)} s, rss ${(process.memoryUsage().rss/1e6).toFixed(0)} MB`);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
await server.close();
