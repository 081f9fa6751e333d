/**
 * Queue mode in one process: planning a run onto the queue, workers
 * executing it against the shared PostgreSQL store, idempotent
 * re-enqueueing, the content-hash check, and the global backend limit.
 * Needs DATABASE_URL and REDIS_URL (see test-services.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { enqueueRun } from '../../src/queue/enqueue-run.js';
import { planQueuedRun } from '../../src/queue/plan-queued-run.js';
import { startWorker, type WorkerEvent } from '../../src/queue/start-worker.js';
import { uniformAgents, type StartRunOptions } from '../../src/runner/start-run.js';
import { StoreError } from '../../src/spec/errors.js';
import { startDeterministicServer } from './queue-fixtures.js';
import { useWorkerFixture } from '../helpers/worker-fixture.js';
import { requireServices } from './test-services.js';

const services = requireServices('DATABASE_URL', 'REDIS_URL');
if (services !== undefined) {
  describe('queue mode (in-process workers)', () => {
    const fixture = useWorkerFixture(services, 'worker', { latencyMs: 5 });
    const { newQueue } = fixture;
    const dir = mkdtempSync(join(tmpdir(), 'quorum-queue-'));
    let runs = 0;

    const runOptions = async (overrides: Partial<StartRunOptions> = {}): Promise<StartRunOptions> => {
      const { store, server, schema } = fixture;
      const dataset = await loadQuestions({ dataset: 'demo', limit: 4 });
      return {
        store,
        protocol: 'du-fresh',
        overrides: { rounds: 1 },
        dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions, limit: 4 },
        agents: uniformAgents(3, `openai:fake@${server.url}`),
        seeds: [1, 2],
        concurrency: 4,
        newRunId: () => `queued-${++runs}-${schema.name}`,
        ...overrides,
      };
    };

    after(() => rmSync(dir, { recursive: true, force: true }));

    it('plans a run onto the queue, and two workers store every unit once', async () => {
      const { store } = fixture;
      const { url, queue } = newQueue();
      const planned = await planQueuedRun(await runOptions(), { queue });
      assert.equal(planned.queued.pending, 8);
      assert.equal(planned.interrupted, false);
      assert.equal((await store.getRun(planned.runId))?.status, 'running');
      assert.deepEqual(await queue.getJobCounts('waiting'), { waiting: 8 });

      // Planning again resumes the same run and queues nothing twice.
      const again = await planQueuedRun(await runOptions(), { queue });
      assert.equal(again.runId, planned.runId);
      assert.equal(again.resumed, true);
      assert.deepEqual(await queue.getJobCounts('waiting'), { waiting: 8 });

      const workers = await Promise.all([0, 1].map(() => startWorker({ queue: url, store, concurrency: 2, exitWhenEmpty: true, idlePollMs: 100 })));
      await Promise.all(workers.map((worker) => worker.stopped));
      assert.equal(workers[0]!.tally.stored + workers[1]!.tally.stored, 8);
      assert.equal(workers[0]!.tally.jobErrors + workers[1]!.tally.jobErrors, 0);
      assert.deepEqual(await store.countUnits(planned.runId), { pending: 0, done: 8, failed: 0, total: 8 });
      assert.equal((await store.getRun(planned.runId))?.status, 'done');
      for (const unit of await store.listUnits(planned.runId)) {
        assert.equal((await store.getEvents(unit.id)).filter((event) => event.type === 'final').length, 1);
      }

      // A finished run queues nothing; a stray job of a finished unit is skipped, not redone.
      assert.equal((await enqueueRun({ queue, store, runId: planned.runId })).pending, 0);
      const [unit] = await store.listUnits(planned.runId, { limit: 1 });
      await queue.add('unit', { v: 1, runId: planned.runId, unitId: unit!.id, questionId: unit!.questionId, protocol: unit!.protocol, seed: unit!.seed, source: { dataset: 'demo', path: 'builtin:demo', limit: 4 } }, { jobId: unit!.id });
      const late = await startWorker({ queue: url, store, exitWhenEmpty: true, idlePollMs: 100 });
      await late.stopped;
      assert.deepEqual(late.tally, { stored: 0, failedUnits: 0, skipped: 1, jobErrors: 0 });
    });

    it('fails the jobs of a run whose data file changed, keeps the units pending, and retries them when enqueued again', async () => {
      const { store } = fixture;
      const { url, queue } = newQueue();
      const file = join(dir, 'questions.jsonl');
      const lines = (answer: string) =>
        ['q1', 'q2'].map((id) => JSON.stringify({ id, question: `Which letter is ${id}?`, options: ['first', 'second', 'third'], answer })).join('\n');
      writeFileSync(file, lines('A'));
      const dataset = await loadQuestions({ path: file });
      const planned = await planQueuedRun(await runOptions({ dataset: { name: dataset.name, path: file, questions: dataset.questions }, seeds: [1] }), { queue });
      assert.equal(planned.queued.pending, 2);

      writeFileSync(file, lines('B'));
      const events: WorkerEvent[] = [];
      const worker = await startWorker({ queue: url, store, exitWhenEmpty: true, idlePollMs: 100, onEvent: (event) => events.push(event) });
      await worker.stopped;
      assert.equal(worker.tally.stored, 0);
      const failures = events.filter((event) => event.type === 'job-failed');
      assert.equal(failures.length, 2, 'each job fails once, without retries');
      for (const failure of failures) {
        assert.ok(failure.type === 'job-failed' && failure.final && failure.code === 'DATASET_CHANGED');
        assert.match(failure.type === 'job-failed' ? failure.message : '', /questions\.jsonl.*differ/);
      }
      const failed = await queue.getFailed();
      assert.equal(failed.length, 2);
      assert.match(failed[0]!.failedReason, /content hash.*hint: copy the exact data file/);
      assert.deepEqual(await store.countUnits(planned.runId), { pending: 2, done: 0, failed: 0, total: 2 });

      writeFileSync(file, lines('A'));
      assert.deepEqual(await enqueueRun({ queue, store, runId: planned.runId }), { pending: 2, requeuedFailed: 2 });
      const retry = await startWorker({ queue: url, store, exitWhenEmpty: true, idlePollMs: 100 });
      await retry.stopped;
      assert.equal(retry.tally.stored, 2);
      assert.deepEqual(await store.countUnits(planned.runId), { pending: 0, done: 2, failed: 0, total: 2 });
    });

    it('retries a unit whose completion cache failed mid-unit (its store restarting) instead of storing it as failed', async () => {
      const { store } = fixture;
      const { url, queue } = newQueue();
      const planned = await planQueuedRun(await runOptions({ seeds: [1] }), { queue });
      assert.equal(planned.queued.pending, 4);
      // The first 3 cache reads fail as PostgreSQL's do while it restarts; by the time the units are stored it is back
      // (the window the fault matrix's PostgreSQL restart can hit: a unit's calls fail, its storing does not).
      let outage = 3;
      const restarting = new Proxy(store, {
        get(target, property) {
          if (property === 'getCompletion') {
            return async (key: string) => {
              if (outage > 0) {
                outage -= 1;
                throw new StoreError('reading the completion cache in postgres://127.0.0.1/quorum: Connection terminated unexpectedly', 'workers retry the unit');
              }
              return target.getCompletion(key);
            };
          }
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const events: WorkerEvent[] = [];
      const worker = await startWorker({ queue: url, store: restarting, exitWhenEmpty: true, idlePollMs: 100, onEvent: (event) => events.push(event) });
      await worker.stopped;
      assert.equal(outage, 0, 'the outage was hit');
      assert.equal(worker.tally.failedUnits, 0, 'no unit stored as failed because its store was down');
      assert.equal(worker.tally.stored, 4);
      const failures = events.filter((event) => event.type === 'job-failed');
      assert.ok(failures.length >= 1 && failures.length <= 3, `1 to 3 jobs hit the outage, got ${failures.length}`);
      for (const failure of failures) assert.ok(failure.type === 'job-failed' && failure.code === 'STORE' && !failure.final && /completion cache/.test(failure.message));
      assert.deepEqual(await store.countUnits(planned.runId), { pending: 0, done: 4, failed: 0, total: 4 });
      assert.equal((await store.getRun(planned.runId))?.status, 'done');
    });

    it('holds the per-backend limit across workers', async () => {
      const { store } = fixture;
      const { url, queue } = newQueue();
      const limited = await startDeterministicServer(30);
      try {
        const planned = await planQueuedRun(await runOptions({ agents: uniformAgents(3, `openai:limited@${limited.url}`), seeds: [1, 2, 3] }), { queue });
        assert.equal(planned.queued.pending, 12);
        // 2 workers × 3 units × 3 agents could send 18 calls at once; the limit allows 2.
        const workers = await Promise.all([0, 1].map(() => startWorker({ queue: url, store, concurrency: 3, limits: { concurrency: 2 }, exitWhenEmpty: true, idlePollMs: 100 })));
        await Promise.all(workers.map((worker) => worker.stopped));
        assert.deepEqual(await store.countUnits(planned.runId), { pending: 0, done: 12, failed: 0, total: 12 });
        assert.ok(limited.stats.maxInFlight <= 2, `at most 2 calls in flight, saw ${limited.stats.maxInFlight}`);
        assert.equal(limited.stats.maxInFlight, 2);
      } finally {
        await limited.close();
      }
    });
  });
}
