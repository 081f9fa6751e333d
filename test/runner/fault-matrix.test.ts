/**
 * The fault matrix (issue "failures you can recover from", item 7): a seeded
 * schedule gives every fault of `FAULTS` to chosen requests of `quorum run`
 * and `quorum study run`, and kill -9 lands at seeded moments; the same
 * command is repeated until it succeeds. Expected traces come from a clean
 * run of the same command against the same deterministic server, not from
 * quorum's report. Assertions: no unit lost, none stored twice, traces
 * equal to the clean run's modulo timing and cache fields, and every fault
 * visible in the trace (an attempt with its reason) or in the failure history.
 * The table printed as a diagnostic is the one in docs/failures.md.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { AttemptRecord } from '../../src/spec/chat.js';
import type { TraceEvent } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { collect, spawnCli } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';
import { deterministicReply, FAULTS, FaultSchedule, requestKey, type Fault } from '../helpers/fault-schedule.js';
import { postgresBinDir, startPrivatePostgres } from '../helpers/private-postgres.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { comparableEvent, comparableSummary } from '../queue/queue-fixtures.js';
import { requireServices, testQueueName, testSchema } from '../queue/test-services.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-fault-matrix-'));
let server: FakeOpenAiServer;
let respond: (request: RecordedRequest) => FakeBehavior = deterministicReply;

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: (request) => respond(request) });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** How each fault must show in the trace: the attempt's reason and HTTP status (null: no response). */
const EXPECTED: Record<Fault, { reason: string; status: number | null; detail?: RegExp }> = {
  '429 Retry-After seconds': { reason: 'rate-limited', status: 429 },
  '429 Retry-After date': { reason: 'rate-limited', status: 429 },
  '500': { reason: 'server-error', status: 500 },
  '502': { reason: 'server-error', status: 502 },
  '503': { reason: 'server-error', status: 503 },
  hang: { reason: 'timeout', status: null, detail: /first-byte timeout/ },
  reset: { reason: 'connection', status: null },
  'reset mid-body': { reason: 'connection', status: null },
  'truncated JSON': { reason: 'server-error', status: 200, detail: /not valid JSON/ },
  'malformed JSON': { reason: 'server-error', status: 200, detail: /not valid JSON/ },
  'empty body': { reason: 'server-error', status: 200, detail: /not valid JSON/ },
  'empty content': { reason: 'empty-reply', status: 200 },
  'off-schema JSON': { reason: 'server-error', status: 200, detail: /without choices/ },
};

// a hang costs one first-byte timeout (1 s) before its retry
const BACKEND = () => `openai:m@${server.url}#timeout-ms=5000&first-byte-ms=1000`;

/** Every stored unit of a store, keyed by run cell, question and seed, with its events and failure history. */
async function readUnits(db: string): Promise<Map<string, { status: string; summary: unknown; events: TraceEvent[]; history: TraceEvent[][]; copies: number }>> {
  const store = await openStore(db, { readonly: true });
  try {
    const units = new Map<string, { status: string; summary: unknown; events: TraceEvent[]; history: TraceEvent[][]; copies: number }>();
    for (const run of await store.listRuns()) {
      for (const unit of await store.listUnits(run.id)) {
        const key = `${run.config.protocol.preset}|${run.config.protocol.params ? JSON.stringify(run.config.protocol.params) : ''}|${unit.questionId}|${unit.seed}`;
        const previous = units.get(key);
        units.set(key, {
          status: unit.status,
          summary: unit.summary,
          events: await store.getEvents(unit.id),
          history: (await store.listUnitFailures(unit.id)).map((failure) => failure.events),
          copies: (previous?.copies ?? 0) + 1,
        });
      }
    }
    return units;
  } finally {
    await store.close();
  }
}

/** Failed attempts recorded anywhere in a unit: its turns' attempt logs, its error events, its failure history. */
function failedAttempts(events: readonly TraceEvent[]): AttemptRecord[] {
  const attempts: AttemptRecord[] = [];
  for (const event of events) {
    const log = (event as { attemptLog?: AttemptRecord[] }).attemptLog;
    if (log !== undefined) attempts.push(...log.filter((attempt) => attempt.reason !== 'ok'));
  }
  return attempts;
}

/** Row of the matrix. */
interface MatrixRow {
  fault: Fault;
  /** Faults the server sent to the process that stored the result (all of them without a kill). */
  injected: number;
  lost: number;
  duplicated: number;
  /** Of `injected`, found in the trace with their reason. */
  visible: number;
  /**
   * Faults sent to a process killed before it stored the unit: that process
   * stored nothing of the unit, and the resumed one found the call's retried
   * result in the completion cache, so the fault may leave no record.
   */
  beforeKill: number;
  visibleBeforeKill: number;
}

/**
 * Compares a store run under faults with the clean one and counts, per
 * fault, the units it lost or stored twice and the faults found in the trace.
 */
async function matrix(cleanDb: string, faultyDb: string, injected: FaultSchedule['injected'], questionOf: (prompt: string) => string, killedAt = 0): Promise<MatrixRow[]> {
  const clean = await readUnits(cleanDb);
  const faulty = await readUnits(faultyDb);
  assert.equal(faulty.size, clean.size, 'the same units were planned');
  const lostUnits = new Set<string>();
  const duplicatedUnits = new Set<string>();
  for (const [key, expected] of clean) {
    const got = faulty.get(key);
    if (got === undefined || got.status !== expected.status) {
      lostUnits.add(key);
      continue;
    }
    const finals = got.events.filter((event) => event.type === 'final').length;
    if (got.copies > 1 || finals !== 1 || got.events.some((event, index) => event.seq !== index)) duplicatedUnits.add(key);
    assert.deepEqual(got.events.map(comparableEvent), expected.events.map(comparableEvent), `trace of ${key} equals the clean run's`);
    assert.deepEqual(comparableSummary(got.summary as never), comparableSummary(expected.summary as never), `summary of ${key}`);
  }
  // each fault must be found once in the unit of its question, with its reason (and consumed, so two of a kind count twice)
  const pool = new Map<string, AttemptRecord[]>();
  for (const [key, unit] of faulty) {
    const question = key.split('|')[2]!;
    pool.set(question, [...(pool.get(question) ?? []), ...failedAttempts(unit.events), ...unit.history.flatMap(failedAttempts)]);
  }
  const found = (entry: (typeof injected)[number]): boolean => {
    const attempts = pool.get(questionOf(entry.prompt)) ?? [];
    const want = EXPECTED[entry.fault];
    const at = attempts.findIndex((attempt) => attempt.reason === want.reason && attempt.status === want.status && (want.detail === undefined || want.detail.test(attempt.detail ?? '')));
    if (at >= 0) attempts.splice(at, 1);
    return at >= 0;
  };
  // faults of the process that stored the units first: each must be there
  const after = injected.slice(killedAt);
  const before = injected.slice(0, killedAt);
  const visibleAfter = after.map(found);
  const visibleBefore = before.map(found);
  return FAULTS.map((fault) => {
    const units = new Set(injected.filter((entry) => entry.fault === fault).flatMap((entry) => [...faulty.keys()].filter((key) => key.split('|')[2] === questionOf(entry.prompt))));
    return {
      fault,
      injected: after.filter((entry) => entry.fault === fault).length,
      lost: [...units].filter((key) => lostUnits.has(key)).length,
      duplicated: [...units].filter((key) => duplicatedUnits.has(key)).length,
      visible: after.filter((entry, index) => entry.fault === fault && visibleAfter[index]).length,
      beforeKill: before.filter((entry) => entry.fault === fault).length,
      visibleBeforeKill: before.filter((entry, index) => entry.fault === fault && visibleBefore[index]).length,
    };
  });
}

function formatMatrix(title: string, rows: readonly MatrixRow[]): string {
  const killed = rows.some((row) => row.beforeKill > 0);
  return [
    `${title}`,
    `| fault | units lost | units duplicated | visible |${killed ? ' sent to the killed process: visible |' : ''}`,
    `| --- | --- | --- | --- |${killed ? ' --- |' : ''}`,
    ...rows.map((row) => `| ${row.fault} | ${row.lost} | ${row.duplicated} | ${row.visible}/${row.injected} |${killed ? ` ${row.visibleBeforeKill}/${row.beforeKill} |` : ''}`),
  ].join('\n');
}

/** Repeats a command until it exits 0 (at most `times`), as a person would after failures or a kill. */
async function untilDone(args: readonly string[], times = 3): Promise<number> {
  for (let attempt = 1; attempt <= times; attempt++) {
    const result = await runInProcess(args);
    if (result.code === 0) return attempt;
  }
  assert.fail(`${args.join(' ')} did not succeed in ${times} attempts`);
}

/** Kills the command with SIGKILL once the server has received `requests` more requests. */
async function killAfter(args: readonly string[], requests: number, schedule: FaultSchedule): Promise<number> {
  const start = server.requests.length;
  const sockets = server.accepted;
  const child = spawnCli(args);
  const finished = collect(child);
  let exited = false;
  void finished.then(() => (exited = true));
  while (server.requests.length - start < requests && !exited) await sleep(10);
  child.kill('SIGKILL');
  await finished;
  // the child's exit can be seen before the server has read the last requests it sent; a fault
  // given to one of those belongs to the killed process, so wait until its sockets are closed
  const deadline = Date.now() + 10_000;
  while (server.openSince(sockets) > 0 && Date.now() < deadline) await sleep(5);
  assert.equal(server.openSince(sockets), 0, 'the killed process\'s connections closed within 10 s');
  return schedule.injected.length; // faults the killed process received
}

/** Units of a PostgreSQL store that are no longer pending, read on a connection of its own. */
async function storedNow(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(`select count(*) as n from units where status <> 'pending'`)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Whether `promise` settles within `ms`; the timer is cleared either way (a pending one would hold the test process open after the last test). */
async function endsWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const timeout = new AbortController();
  try {
    return await Promise.race([promise.then(() => true), sleep(ms, false, { signal: timeout.signal })]);
  } finally {
    timeout.abort();
  }
}

function assertClean(rows: readonly MatrixRow[]): void {
  for (const row of rows) {
    assert.equal(row.lost, 0, `${row.fault}: no unit lost`);
    assert.equal(row.duplicated, 0, `${row.fault}: no unit stored twice`);
    assert.equal(row.visible, row.injected, `${row.fault}: every injected fault visible`);
  }
}

const demoQuestion = (prompt: string): string => {
  // the demo questions' prompts are in the user message; their ids are demo-01…
  const match = DEMO.find((question) => prompt.includes(question.prompt));
  assert.ok(match !== undefined, `no demo question in: ${prompt.slice(0, 80)}`);
  return match.id;
};
const { DEMO_QUESTIONS: DEMO } = await import('../../src/datasets/demo-questions.js');

/** The study of the matrix, its clean store and the requests of its clean run (set by the study test, reused by the queue test). */
const study = { file: '', cleanDb: '', keys: [] as string[] };
const studyQuestion = (prompt: string): string => /\[(q\d)\]/.exec(prompt)![1]!;

describe('the fault matrix', () => {
  const runArgs = (db: string) => ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '5', '--backend', BACKEND(), '--db', db, '--json'];
  let keys: string[] = [];
  const cleanDb = join(dir, 'clean-run.db');

  it('quorum run: every fault once, the same command repeated until it succeeds', async (context) => {
    respond = deterministicReply;
    const mark = server.requests.length;
    assert.equal((await runInProcess(runArgs(cleanDb))).code, 0);
    keys = server.requests.slice(mark).map(requestKey);
    const schedule = new FaultSchedule(keys, 7);
    respond = schedule.respond;
    const faultyDb = join(dir, 'faulty-run.db');
    const commands = await untilDone(runArgs(faultyDb));
    const rows = await matrix(cleanDb, faultyDb, schedule.injected, demoQuestion);
    context.diagnostic(`${formatMatrix('quorum run (seed 7)', rows)}\ncommands until done: ${commands}`);
    assert.equal(schedule.injected.length, FAULTS.length);
    assertClean(rows);
  });

  it('quorum run: kill -9 at seeded moments, then the same command resumes', async (context) => {
    const lines: string[] = [];
    for (const seed of [11, 12]) {
      const schedule = new FaultSchedule(keys, seed);
      respond = schedule.respond;
      const db = join(dir, `killed-${seed}.db`);
      // the kill lands after 1–14 of the run's 15 requests (seeded)
      const at = 1 + ((seed * 7919) % (keys.length - 1));
      const killedAt = await killAfter(runArgs(db), at, schedule);
      const commands = await untilDone(runArgs(db));
      const rows = await matrix(cleanDb, db, schedule.injected, demoQuestion, killedAt);
      assertClean(rows);
      const sum = (field: keyof MatrixRow) => rows.reduce((total, row) => total + (row[field] as number), 0);
      lines.push(
        `seed ${seed}: killed after ${at} requests, ${commands} command(s) to finish; units lost ${sum('lost')}, duplicated ${sum('duplicated')}; faults visible ${sum('visible')}/${sum('injected')} after the kill, ${sum('visibleBeforeKill')}/${sum('beforeKill')} sent to the killed process`,
      );
    }
    context.diagnostic(lines.join('\n'));
  });

  it('quorum study run: every fault once and a kill -9, then the same command', async (context) => {
    const questions = ['q0', 'q1', 'q2'].map((id) => JSON.stringify({ id, question: `[${id}] Which option is right for ${id}?`, options: ['alpha', 'beta', 'gamma'], answer: 'B' }));
    writeFileSync(join(dir, 'questions.jsonl'), `${questions.join('\n')}\n`);
    writeFileSync(
      join(dir, 'faults.study.yaml'),
      `name: faults\ndatasets:\n  - { name: designed, dataset: generic, path: questions.jsonl }\nbackends:\n  fake: "${BACKEND()}"\nagents: { count: 2, backend: fake }\nprotocols:\n  - ni\n  - { preset: du, rounds: 1 }\nseeds: 1-2\nconcurrency: 2\n`,
    );
    const studyArgs = (db: string) => ['study', 'run', join(dir, 'faults.study.yaml'), '--db', db, '--no-audit', '--json'];
    respond = deterministicReply;
    const clean = join(dir, 'clean-study.db');
    const mark = server.requests.length;
    assert.equal((await runInProcess(studyArgs(clean))).code, 0);
    const studyKeys = server.requests.slice(mark).map(requestKey);
    Object.assign(study, { file: join(dir, 'faults.study.yaml'), cleanDb: clean, keys: studyKeys });

    const schedule = new FaultSchedule(studyKeys, 21);
    respond = schedule.respond;
    const faulty = join(dir, 'faulty-study.db');
    const killedAt = await killAfter(studyArgs(faulty), Math.floor(studyKeys.length / 2), schedule);
    const commands = await untilDone(studyArgs(faulty));
    const rows = await matrix(clean, faulty, schedule.injected, studyQuestion, killedAt);
    context.diagnostic(`${formatMatrix(`quorum study run (seed 21, killed after ${Math.floor(studyKeys.length / 2)} of ${studyKeys.length} requests)`, rows)}\ncommands until done: ${commands}`);
    assertClean(rows);
  });
});

const services = requireServices('DATABASE_URL', 'REDIS_URL');
if (services !== undefined) {
  describe('the fault matrix, queue mode', () => {
    it('quorum worker (Redis + PostgreSQL): every fault once; the same study command then finds every unit stored once, traces equal to the local clean run', async (context) => {
      assert.notEqual(study.file, '', 'runs after the study test');
      const schema = testSchema(services.DATABASE_URL, 'faults');
      const queueUrl = new URL(services.REDIS_URL);
      queueUrl.searchParams.set('queue', testQueueName('faults'));
      try {
        const schedule = new FaultSchedule(study.keys, 31);
        respond = schedule.respond;
        const queueArgs = ['study', 'run', study.file, '--store', schema.url, '--queue', queueUrl.href, '--no-audit', '--json'];
        const planned = await runInProcess(queueArgs);
        assert.equal(planned.code, 0, planned.stderr);
        assert.match(planned.stderr, /queued 12 pending units of 2 runs/);
        const worker = await runInProcess(['worker', '--queue', queueUrl.href, '--store', schema.url, '--concurrency', '2', '--exit-when-empty', '--json']);
        assert.equal(worker.code, 0, worker.stderr);
        const tally = JSON.parse(worker.stdout) as { stored: number; failedUnits: number; jobErrors: number };
        assert.deepEqual([tally.stored, tally.failedUnits, tally.jobErrors], [12, 0, 0]);
        const done = await runInProcess(queueArgs);
        assert.equal(done.code, 0, done.stderr);
        assert.equal((JSON.parse(done.stdout) as { status: string }).status, 'done');
        const rows = await matrix(study.cleanDb, schema.url, schedule.injected, studyQuestion);
        context.diagnostic(formatMatrix('quorum worker (seed 31)', rows));
        assertClean(rows);
      } finally {
        const { openUnitQueue } = await import('../../src/queue/unit-queue.js');
        const queue = openUnitQueue(queueUrl.href);
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
        await schema.drop();
      }
    });
  });
}

/** Starts a private redis-server (no persistence: a restart wipes it, like a crash of a cache-only Redis). */
async function startRedis(port: number): Promise<import('node:child_process').ChildProcess> {
  const { spawn } = await import('node:child_process');
  const child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const { Redis } = await import('ioredis');
  for (let tries = 0; ; tries++) {
    const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined); // refused until the server listens: connect() rejects with it
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      return child;
    } catch {
      client.disconnect();
      assert.ok(tries < 100, 'redis-server did not start');
      await sleep(50);
    }
  }
}

const redisBinary = (await import('node:child_process')).spawnSync('redis-server', ['--version']).status === 0;
const database = requireServices('DATABASE_URL');
if (database !== undefined) {
  describe('the fault matrix, queue mode: Redis restarted mid-queue', () => {
    const underCi = !['', '0', 'false', undefined].includes(process.env.CI);
    it('a wiped Redis loses no unit: the same study command queues the pending ones again, each stored once', { skip: !redisBinary && !underCi ? 'redis-server is not installed' : false }, async (context) => {
      assert.ok(redisBinary, 'redis-server is needed under CI');
      assert.notEqual(study.file, '', 'runs after the study test');
      respond = deterministicReply;
      const port = await freePort();
      let redis = await startRedis(port);
      const schema = testSchema(database.DATABASE_URL, 'redis_restart');
      const queueUrl = `redis://127.0.0.1:${port}?queue=${testQueueName('restart')}`;
      try {
        const queueArgs = ['study', 'run', study.file, '--store', schema.url, '--queue', queueUrl, '--no-audit', '--json'];
        assert.equal((await runInProcess(queueArgs)).code, 0);
        const store = await openStore(schema.url);
        const stored = async () => (await store.listRuns()).reduce((sum, run) => sum + run.units.done + run.units.failed, 0);
        // the worker of `quorum worker` in this process (a spawned one cost seconds of start-up on a loaded machine); the spawned worker is the PostgreSQL case's
        const { startWorker } = await import('../../src/queue/start-worker.js');
        const worker = await startWorker({ queue: queueUrl, store, concurrency: 1, exitWhenEmpty: true });
        const workerDone = worker.stopped;
        while ((await stored()) < 3) await sleep(20);
        redis.kill('SIGKILL');
        await new Promise((resolve) => redis.once('exit', resolve));
        const storedAtRestart = await stored();
        redis = await startRedis(port);
        // the wiped queue is empty: the worker ends (or is stopped); what it had not stored is pending in PostgreSQL
        const ended = await endsWithin(workerDone, 5000);
        if (!ended) await worker.stop();
        const pending = 12 - (await stored());
        const again = await runInProcess(queueArgs);
        assert.equal(again.code, 0, again.stderr);
        assert.match(again.stderr, new RegExp(`queued ${pending} pending units`));
        const second = await runInProcess(['worker', '--queue', queueUrl, '--store', schema.url, '--concurrency', '2', '--exit-when-empty', '--json']);
        assert.equal(second.code, 0, second.stderr);
        const done = await runInProcess(queueArgs);
        assert.equal((JSON.parse(done.stdout) as { status: string }).status, 'done');
        await store.close();
        const rows = await matrix(study.cleanDb, schema.url, [], studyQuestion);
        assert.equal(rows.reduce((sum, row) => sum + row.lost + row.duplicated, 0), 0);
        context.diagnostic(`Redis killed and restarted empty with ${storedAtRestart}/12 units stored (the worker ${ended ? 'ended by itself' : 'was stopped'}, having stored ${worker.tally.stored}); ${pending} re-queued by the same command; 0 lost, 0 duplicated, traces equal to the clean run`);
      } finally {
        redis.kill('SIGKILL');
        await schema.drop();
      }
    });
  });
}

const postgresBin = postgresBinDir();
const redisOnly = requireServices('REDIS_URL');
if (redisOnly !== undefined) {
  // initdb and the first start take seconds of CPU: begun now, they overlap the earlier tests' waits (Retry-After, timeouts, backoff)
  const privatePostgres = postgresBin === undefined ? undefined : startPrivatePostgres(postgresBin);
  privatePostgres?.catch(() => undefined);
  after(async () => {
    await (await privatePostgres?.catch(() => undefined))?.destroy();
  });
  describe('the fault matrix, queue mode: PostgreSQL restarted mid-queue', () => {
    const underCi = !['', '0', 'false', undefined].includes(process.env.CI);
    const skip = postgresBin === undefined && !underCi ? 'the PostgreSQL server binaries (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin) are not installed' : false;
    it('a crashed store loses no unit and stores none twice: the worker retries its jobs, the same study command finds the study done', { skip }, async (context) => {
      assert.ok(postgresBin !== undefined, 'the PostgreSQL server binaries are needed under CI (.ci/run installs them)');
      assert.notEqual(study.file, '', 'runs after the study test');
      // each reply takes 100 ms, so units are in flight (between cache reads and their storing) when the store goes down
      respond = (request) => ({ ...(deterministicReply(request) as Extract<FakeBehavior, { kind: 'reply' }>), delayMs: 100 });
      const postgres = await privatePostgres!;
      const queueUrl = new URL(redisOnly.REDIS_URL);
      queueUrl.searchParams.set('queue', testQueueName('pg_restart'));
      try {
        const queueArgs = ['study', 'run', study.file, '--store', postgres.url, '--queue', queueUrl.href, '--no-audit', '--json'];
        const planned = await runInProcess(queueArgs);
        assert.equal(planned.code, 0, planned.stderr);
        // one connection polls the units table (opening a store per poll cost seconds of CPU on a loaded machine)
        const counter = new pg.Pool({ connectionString: postgres.url, max: 1 });
        counter.on('error', () => undefined);
        const stored = async (): Promise<number> => Number((await counter.query<{ n: string }>(`select count(*) as n from units where status <> 'pending'`)).rows[0]!.n);
        const worker = spawnCli(['worker', '--queue', queueUrl.href, '--store', postgres.url, '--concurrency', '2', '--exit-when-empty', '--json']);
        const workerDone = collect(worker);
        while ((await stored()) < 3) await sleep(50);
        const downAt = Date.now();
        await postgres.crash();
        await counter.end();
        // down long enough for the units in flight to hit it, short enough for BullMQ's first retry (after 2 s) to find it back
        await sleep(300);
        await postgres.start();
        const downMs = Date.now() - downAt;
        const workerEnd = Date.now();
        const storedAtRestart = await storedNow(postgres.url);
        // the worker must end by itself (its failed jobs are retried after 2 s, 4 s, 8 s): 30 s is a hang
        const ended = await endsWithin(workerDone, 30_000);
        if (!ended) worker.kill('SIGKILL');
        const result = await workerDone;
        assert.ok(ended, `the worker did not end within 30 s of the restart; stderr:\n${result.stderr}`);
        const workerEndMs = Date.now() - workerEnd;
        const jobErrors = result.stderr.split('\n').filter((line) => /^unit \S+ of run \S+: /.test(line));
        // every job error names the store it could not reach, and what became of the job
        for (const line of jobErrors) assert.match(line, new RegExp(`127\\.0\\.0\\.1:${new URL(postgres.url).port}.*\\((attempt \\d+, will retry|job failed; enqueue the run again after fixing it)\\)`));
        let tally: { stored: number; failedUnits: number; skipped: number; jobErrors: number } | undefined;
        if (result.code === 0) {
          tally = JSON.parse(result.stdout) as NonNullable<typeof tally>;
          assert.equal(tally.failedUnits, 0, 'no unit stored as failed because its store was down');
        } else assert.match(result.stderr, new RegExp(`127\\.0\\.0\\.1:${new URL(postgres.url).port}`), 'a worker that gives up names the store');
        const pending = 12 - (await storedNow(postgres.url));
        const again = await runInProcess(queueArgs);
        assert.equal(again.code, 0, again.stderr);
        if (pending > 0) {
          const second = await runInProcess(['worker', '--queue', queueUrl.href, '--store', postgres.url, '--concurrency', '2', '--exit-when-empty', '--json']);
          assert.equal(second.code, 0, second.stderr);
        }
        const done = await runInProcess(queueArgs);
        assert.equal(done.code, 0, done.stderr);
        assert.equal((JSON.parse(done.stdout) as { status: string }).status, 'done');
        const rows = await matrix(study.cleanDb, postgres.url, [], studyQuestion);
        assert.equal(rows.reduce((sum, row) => sum + row.lost + row.duplicated, 0), 0);
        context.diagnostic(
          `PostgreSQL stopped (immediate) with ${storedAtRestart}/12 units stored, down ${downMs} ms; the worker exited ${result.code}` +
            `${tally === undefined ? '' : ` having stored ${tally.stored} (${tally.failedUnits} failed, ${tally.skipped} already stored, ${tally.jobErrors} job errors)`}; ` +
            `${jobErrors.length} job-error lines, each naming the store; it ended ${(workerEndMs / 1000).toFixed(1)} s after the restart; ${pending} units pending after it; 0 lost, 0 duplicated, traces equal to the clean run`,
        );
      } finally {
        const { openUnitQueue } = await import('../../src/queue/unit-queue.js');
        const queue = openUnitQueue(queueUrl.href);
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
      }
    });
  });
}
