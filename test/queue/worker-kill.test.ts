/**
 * Exactly-once across processes: a run queued on Redis, two `quorum worker`
 * processes writing to PostgreSQL, one SIGKILLed while it holds units.
 * Every unit must be stored exactly once, and every unit's trace must equal
 * the trace of the same unit in a one-process SQLite run (the fake server's
 * replies are a pure function of the request). Needs DATABASE_URL and
 * REDIS_URL (see test-services.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, it } from 'node:test';
import { QueueEvents } from 'bullmq';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { planQueuedRun } from '../../src/queue/plan-queued-run.js';
import { parseQueueLocation } from '../../src/queue/queue-location.js';
import { bullConnection, openUnitQueue, type UnitQueue } from '../../src/queue/unit-queue.js';
import { startRun, uniformAgents, type StartRunOptions } from '../../src/runner/start-run.js';
import type { TraceStore, UnitRecord } from '../../src/spec/store.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.js';
import { collect, spawnCli, type CliResult } from '../helpers/cli.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { comparableEvent, comparableSummary, startDeterministicServer } from './queue-fixtures.js';
import { requireServices, testQueueName, testSchema, type TestSchema } from './test-services.js';

const services = requireServices('DATABASE_URL', 'REDIS_URL');
if (services !== undefined) {
  let schema: TestSchema;
  let server: FakeOpenAiServer;
  let queue: UnitQueue;
  let queueUrl: string;
  const dir = mkdtempSync(join(tmpdir(), 'quorum-worker-kill-'));

  before(async () => {
    schema = testSchema(services.DATABASE_URL, 'kill');
    // Slow enough replies that a unit takes a few hundred milliseconds: the kill lands mid-unit.
    server = await startDeterministicServer(60);
    const url = new URL(services.REDIS_URL);
    url.searchParams.set('queue', testQueueName('kill'));
    queueUrl = url.href;
    queue = openUnitQueue(queueUrl);
  });
  after(async () => {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await server.close();
    await schema.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const runOptions = async (store: TraceStore): Promise<StartRunOptions> => {
    const dataset = await loadQuestions({ dataset: 'demo' });
    return {
      store,
      protocol: 'du',
      dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions },
      agents: uniformAgents(3, `openai:fake@${server.url}`),
      seeds: [1, 2, 3],
      concurrency: 4,
    };
  };

  /** Units by (question, seed), each with its comparable trace. */
  const traces = async (store: TraceStore, runId: string) => {
    const byKey = new Map<string, { unit: UnitRecord; events: unknown[]; finals: number }>();
    for (const unit of await store.listUnits(runId)) {
      const events = await store.getEvents(unit.id);
      byKey.set(`${unit.questionId}/${unit.seed}`, { unit, events: events.map(comparableEvent), finals: events.filter((event) => event.type === 'final').length });
    }
    return byKey;
  };

  it('two worker processes, one SIGKILLed mid-unit: every unit stored once, traces equal to a one-process SQLite run', async () => {
    const local = await openSqliteStore(join(dir, 'local.db'));
    const reference = await startRun(await runOptions(local));
    const expected = await traces(local, reference.runId);
    await local.close();
    assert.equal(expected.size, 30);

    const store = await openPostgresStore(schema.url);
    const planned = await planQueuedRun(await runOptions(store), { queue });
    assert.equal(planned.queued.pending, 30);

    const events = new QueueEvents(parseQueueLocation(queueUrl).queueName, { connection: bullConnection(parseQueueLocation(queueUrl)) });
    const stalled = new Set<string>();
    events.on('stalled', ({ jobId }) => stalled.add(jobId));
    await events.waitUntilReady();

    const args = ['worker', '--queue', queueUrl, '--store', schema.url, '--concurrency', '2', '--lock-duration', '2000', '--exit-when-empty', '--json'];
    const victim = spawnCli(args);
    const survivor = spawnCli(args);
    const victimDone = collect(victim);
    const survivorDone = collect(survivor);

    // Kill once units are being stored and the victim holds at least one unit.
    let heldByVictim: string[] = [];
    for (let tries = 0; ; tries++) {
      await sleep(50);
      const done = (await store.countUnits(planned.runId)).done;
      heldByVictim = (await queue.getActive()).filter((job) => job.processedBy?.endsWith(`:${victim.pid}`)).map((job) => job.id!);
      if (done >= 4 && heldByVictim.length > 0) break;
      assert.ok(tries < 600, `the victim never held a unit after units were stored (done ${done})`);
    }
    victim.kill('SIGKILL');
    const killed: CliResult = await victimDone;
    assert.equal(killed.signal, 'SIGKILL');
    const doneAtKill = (await store.countUnits(planned.runId)).done;
    assert.ok(doneAtKill < 30, `killed mid-run (done ${doneAtKill} of 30)`);

    const finished = await survivorDone;
    assert.equal(finished.code, 0, finished.stderr);
    const tally = JSON.parse(finished.stdout) as { stored: number; skipped: number; jobErrors: number };
    assert.equal(tally.jobErrors, 0);
    await events.close();

    // The victim's units went back to the queue and the survivor finished them.
    for (const id of heldByVictim) assert.ok(stalled.has(id), `unit ${id} held by the killed worker was re-queued`);
    assert.deepEqual(await store.countUnits(planned.runId), { pending: 0, done: 30, failed: 0, total: 30 });
    assert.equal((await store.getRun(planned.runId))?.status, 'done');

    const actual = await traces(store, planned.runId);
    await store.close();
    assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
    for (const [key, { unit, events: unitEvents, finals }] of actual) {
      const reference = expected.get(key)!;
      assert.equal(finals, 1, `unit ${key} has one final event`);
      assert.deepEqual(unitEvents, reference.events, `unit ${key}: same trace as the one-process run`);
      assert.deepEqual(comparableSummary(unit.summary), comparableSummary(reference.unit.summary), `unit ${key}: same summary`);
    }
    console.log(`# killed with ${doneAtKill}/30 stored and ${heldByVictim.length} unit(s) held; survivor stored ${tally.stored}, skipped ${tally.skipped}; ${stalled.size} job(s) re-queued`);
  });
}
