/**
 * Scale-out end to end, through the CLI: `quorum study run --queue --store`
 * queues a study on Redis, two `quorum worker` processes execute it into
 * PostgreSQL, one is SIGKILLed while it holds units. Every unit must be
 * stored exactly once, `quorum study status` must show progress from the
 * shared store, and every unit's trace must equal the same unit's trace in
 * a one-process SQLite run of the study (the fake server's replies are a
 * pure function of the request). Needs DATABASE_URL and REDIS_URL.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, it } from 'node:test';
import { QueueEvents } from 'bullmq';
import { parseQueueLocation } from '../../src/queue/queue-location.js';
import { bullConnection, openUnitQueue, type UnitQueue } from '../../src/queue/unit-queue.js';
import type { TraceStore, UnitRecord } from '../../src/spec/store.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.js';
import { collect, spawnCli } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { comparableEvent, comparableSummary, startDeterministicServer } from './queue-fixtures.js';
import { requireServices, testQueueName, testSchema, type TestSchema } from './test-services.js';

const services = requireServices('DATABASE_URL', 'REDIS_URL');
if (services !== undefined) {
  let schema: TestSchema;
  let server: FakeOpenAiServer;
  let queue: UnitQueue;
  let queueUrl: string;
  const dir = mkdtempSync(join(tmpdir(), 'quorum-scale-out-'));
  const studyFile = join(dir, 'study.yaml');

  before(async () => {
    schema = testSchema(services.DATABASE_URL, 'scale');
    // Slow enough replies that a unit takes a few hundred milliseconds: the kill lands mid-unit.
    server = await startDeterministicServer(60);
    const url = new URL(services.REDIS_URL);
    url.searchParams.set('queue', testQueueName('scale'));
    queueUrl = url.href;
    queue = openUnitQueue(queueUrl);
    const questions = Array.from({ length: 5 }, (_, index) => JSON.stringify({ id: `q${index}`, question: `Question ${index}: which option holds?`, options: ['alpha', 'beta', 'gamma', 'delta'], answer: 'ABCD'[index % 4] }));
    writeFileSync(join(dir, 'questions.jsonl'), `${questions.join('\n')}\n`);
    writeFileSync(
      studyFile,
      `name: scale-out
datasets:
  - { name: five, dataset: generic, path: questions.jsonl }
backends:
  fake: openai:fake@${server.url}
agents: { count: 3, backend: fake }
protocols:
  - ni
  - { preset: du, rounds: 1 }
seeds: 1-3
concurrency: 2
`,
    );
  });
  after(async () => {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await server.close();
    await schema.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every unit of a study by cell, question and seed, with its comparable trace. */
  const studyTraces = async (store: TraceStore, studyId: string) => {
    const byKey = new Map<string, { unit: UnitRecord; events: unknown[]; finals: number }>();
    for (const link of await store.listStudyRuns(studyId)) {
      for (const unit of await store.listUnits(link.runId)) {
        const events = await store.getEvents(unit.id);
        byKey.set(`${link.cell}/${unit.questionId}/${unit.seed}`, { unit, events: events.map(comparableEvent), finals: events.filter((event) => event.type === 'final').length });
      }
    }
    return byKey;
  };

  it('a queued study on two workers, one SIGKILLed mid-unit: every unit stored once, traces equal to a one-process SQLite run', async () => {
    const local = await runInProcess(['study', 'run', studyFile, '--db', join(dir, 'local.db'), '--no-audit', '--json']);
    assert.equal(local.code, 0, local.stderr);
    const studyId = (JSON.parse(local.stdout) as { studyId: string }).studyId;

    const queued = await runInProcess(['study', 'run', studyFile, '--store', schema.url, '--queue', queueUrl]);
    assert.equal(queued.code, 0, queued.stderr);
    assert.match(queued.stderr, /queued 30 pending units of 2 runs/);
    assert.match(queued.stderr, /start workers/);
    const before = await runInProcess(['study', 'status', studyId, '--store', schema.url, '--queue', queueUrl]);
    assert.equal(before.code, 0, before.stderr);
    assert.match(before.stdout, /: running — 30 units queued on redis:/);
    assert.match(before.stdout, /total: 0\/30 units finished/);
    assert.match(before.stdout, /30 waiting, 0 running, 0 to retry, 0 failed; 0 workers connected/);

    const location = parseQueueLocation(queueUrl);
    const events = new QueueEvents(location.queueName, { connection: bullConnection(location) });
    const stalled = new Set<string>();
    events.on('stalled', ({ jobId }) => stalled.add(jobId));
    await events.waitUntilReady();

    const store = await openPostgresStore(schema.url);
    const unitsDone = async () => (await Promise.all((await store.listStudyRuns(studyId)).map((link) => store.countUnits(link.runId)))).reduce((sum, counts) => sum + counts.done, 0);
    const args = ['worker', '--queue', queueUrl, '--store', schema.url, '--concurrency', '2', '--lock-duration', '2000', '--exit-when-empty', '--json'];
    const victim = spawnCli(args);
    const survivor = spawnCli(args);
    const victimDone = collect(victim);
    const survivorDone = collect(survivor);

    // Kill once units are being stored and the victim holds at least one unit.
    let heldByVictim: string[] = [];
    for (let tries = 0; ; tries++) {
      await sleep(50);
      assert.ok(tries < 1200, 'the victim never held a unit while units were being stored');
      if ((await unitsDone()) < 3) continue;
      // read what the victim holds last, just before the kill, so the window in which it can finish a job is one round trip
      heldByVictim = (await queue.getActive()).filter((job) => job.processedBy?.endsWith(`:${victim.pid}`)).map((job) => job.id!);
      if (heldByVictim.length > 0) break;
    }
    victim.kill('SIGKILL');
    assert.equal((await victimDone).signal, 'SIGKILL');
    // a job the victim completed in that last round trip is stored already (and removed from the queue): it cannot stall
    const storedBeforeKill = new Set((await Promise.all(heldByVictim.map(async (id) => ((await store.getUnit(id))?.status === 'done' ? id : undefined)))).filter((id) => id !== undefined));
    const doneAtKill = await unitsDone();
    assert.ok(doneAtKill < 30, `killed mid-run (done ${doneAtKill} of 30)`);

    const finished = await survivorDone;
    assert.equal(finished.code, 0, finished.stderr);
    const tally = JSON.parse(finished.stdout) as { stored: number; skipped: number; jobErrors: number };
    assert.equal(tally.jobErrors, 0);
    await events.close();
    // The victim's units went back to the queue and the survivor finished them.
    for (const id of heldByVictim) assert.ok(stalled.has(id) || storedBeforeKill.has(id), `unit ${id} held by the killed worker was re-queued`);

    const status = await runInProcess(['study', 'status', studyId, '--store', schema.url, '--json']);
    assert.equal(status.code, 0, status.stderr);
    assert.deepEqual((JSON.parse(status.stdout) as { totals: unknown }).totals, { planned: 30, finished: 30, failed: 0, remaining: 0 });
    const done = await runInProcess(['study', 'run', studyFile, '--store', schema.url, '--queue', queueUrl, '--no-audit', '--json']);
    assert.equal(done.code, 0, done.stderr);
    assert.equal((JSON.parse(done.stdout) as { status: string }).status, 'done');

    const actual = await studyTraces(store, studyId);
    await store.close();
    const reference = await openSqliteStore(join(dir, 'local.db'), { readonly: true });
    const expected = await studyTraces(reference, studyId);
    await reference.close();
    assert.equal(expected.size, 30);
    assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort());
    for (const [key, { unit, events: unitEvents, finals }] of actual) {
      const one = expected.get(key)!;
      assert.equal(finals, 1, `unit ${key} has one final event`);
      assert.deepEqual(unitEvents, one.events, `unit ${key}: same trace as the one-process run`);
      assert.deepEqual(comparableSummary(unit.summary), comparableSummary(one.unit.summary), `unit ${key}: same summary`);
    }
    console.log(`# killed with ${doneAtKill}/30 stored and ${heldByVictim.length} unit(s) held; survivor stored ${tally.stored}, skipped ${tally.skipped}; ${stalled.size} job(s) re-queued`);
  });
}
