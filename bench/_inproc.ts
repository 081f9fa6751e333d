import { writeFileSync } from 'node:fs';
import { loadQuestions } from '../src/datasets/load-questions.js';
import { startRun, uniformAgents } from '../src/runner/start-run.js';
import { openPostgresStore } from '../src/store/postgres/open-postgres-store.js';
import { startFakeServerProcess } from './fake-server-child.js';
import { syntheticQuestions } from './synthetic-questions.js';
import { enqueueRun } from '../src/queue/enqueue-run.js';
import { openUnitQueue } from '../src/queue/unit-queue.js';
import { startWorker } from '../src/queue/start-worker.js';
const server = await startFakeServerProcess({ latencyMs: 0, reply: 'The mechanism described matches option A best.\nAnswer: A' });
writeFileSync('/tmp/_q.jsonl', syntheticQuestions(200).map((q) => JSON.stringify({ id: q.id, question: q.prompt, options: q.options, answer: 'A' })).join('\n'));
const dataset = await loadQuestions({ dataset: 'generic', path: '/tmp/_q.jsonl' });
const opts = (store: any) => ({ store, protocol: 'du', dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions }, agents: uniformAgents(3, `openai:bench@${server.url}`), seeds: [1], concurrency: 16, backendConcurrency: 256, fresh: true });
for (let r = 0; r < 3; r++) {
  const local = await openPostgresStore(process.env.DATABASE_URL + '?schema=ip_' + Date.now());
  let t = performance.now(); await startRun(opts(local)); const lw = performance.now() - t; await local.close();
  const url = process.env.REDIS_URL + '?queue=ip' + Date.now();
  const store = await openPostgresStore(process.env.DATABASE_URL + '?schema=iq_' + Date.now());
  const queue = openUnitQueue(url);
  const planned = await startRun({ ...opts(store), signal: AbortSignal.abort() });
  const worker = await startWorker({ queue: url, store, concurrency: 16, limits: { concurrency: 1024 } });
  const cpu = process.cpuUsage();
  t = performance.now(); await enqueueRun({ queue, store, runId: planned.runId });
  while ((await store.countUnits(planned.runId)).pending > 0) await new Promise((r) => setTimeout(r, 25));
  const qw = performance.now() - t; const c = process.cpuUsage(cpu);
  console.log(`local PG ${(200 / (lw / 1000)).toFixed(1)} u/s; in-process worker ${(200 / (qw / 1000)).toFixed(1)} u/s, ${((c.user + c.system) / 1000 / 200).toFixed(1)} ms CPU/unit`);
  await worker.stop(); await queue.obliterate({ force: true }); await queue.close(); await store.close();
}
await server.close();
