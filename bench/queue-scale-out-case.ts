/**
 * The scale-out benchmark: units/s of the same `du` workload (3 agents × 3
 * rounds = 9 completions per unit, the same as benchmark 1) against the
 * instant fake server, run locally (one process, SQLite, then PostgreSQL)
 * and in queue mode with 1, 2 and 4 `quorum worker` processes writing to
 * PostgreSQL. Workers are started and connected before the units are
 * queued, so process start-up (seconds of module loading) is not counted;
 * the clock runs from queueing to the last unit stored. Every measured run
 * uses a fresh PostgreSQL schema (or SQLite file), so the completion cache
 * always misses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadQuestions } from '../src/datasets/load-questions.js';
import { enqueueRun } from '../src/queue/enqueue-run.js';
import { openUnitQueue } from '../src/queue/unit-queue.js';
import { startRun, uniformAgents, type StartRunOptions } from '../src/runner/start-run.js';
import type { TraceStore } from '../src/spec/store.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import { openPostgresStore } from '../src/store/postgres/open-postgres-store.js';
import { BENCH_DU_OVERRIDES } from './case-protocol.js';
import { startFakeServerProcess } from './fake-server-child.js';
import { syntheticQuestions } from './synthetic-questions.js';

/** Settings of the scale-out benchmark. */
export interface ScaleOutConfig {
  units: number;
  /** Units in flight per process (local run, and each worker). */
  concurrency: number;
  workerCounts: number[];
  repetitions: number;
  /**
   * The same comparison against a server that takes `latencyMs` per call
   * with `concurrency` units in flight per process: there the model server,
   * not the machine's cores, is what a unit waits for, so added workers add
   * units in flight — what workers on several machines buy.
   */
  latencyBound: { latencyMs: number; units: number; concurrency: number };
}

/** The benchmark's settings; `quick` for a smoke run. */
export function scaleOutConfig(quick: boolean): ScaleOutConfig {
  return {
    units: quick ? 60 : 500,
    concurrency: 16,
    workerCounts: [1, 2, 4],
    repetitions: quick ? 1 : 3,
    latencyBound: { latencyMs: 200, units: quick ? 24 : 120, concurrency: 4 },
  };
}

/** One measured run. */
export interface ScaleOutRun {
  mode: 'local-sqlite' | 'local-postgres' | 'queue';
  /** The instant server, or the one with `latencyBound.latencyMs` per call. */
  server: 'instant' | 'latency';
  workers: number;
  units: number;
  failedUnits: number;
  wallMs: number;
}

/** The benchmark's result. */
export interface ScaleOutResult {
  config: ScaleOutConfig;
  runs: ScaleOutRun[];
}

/** The reply of benchmark 1 (http-completions-case.ts, which cannot be imported: it runs on import). */
const BENCH_REPLY = 'The mechanism described matches option A best.\nAnswer: A';

const BIN = fileURLToPath(new URL('../src/cli/bin.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs the benchmark against DATABASE_URL and REDIS_URL. */
export async function runScaleOutCase(config: ScaleOutConfig, databaseUrl: string, redisUrl: string, log: (line: string) => void): Promise<ScaleOutResult> {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-scale-out-bench-'));
  const server = await startFakeServerProcess({ latencyMs: 0, reply: BENCH_REPLY });
  const slow = await startFakeServerProcess({ latencyMs: config.latencyBound.latencyMs, reply: BENCH_REPLY });
  const schemas: string[] = [];
  const runs: ScaleOutRun[] = [];
  try {
    // Workers load questions from a file (the same path on every machine), so the synthetic questions go to one.
    const file = join(dir, 'questions.jsonl');
    writeFileSync(file, syntheticQuestions(config.units).map((question) => JSON.stringify({ id: question.id, question: question.prompt, options: question.options, answer: 'A' })).join('\n'));
    const dataset = await loadQuestions({ dataset: 'generic', path: file });
    const instant: RunSetup = { server: 'instant', url: server.url, concurrency: config.concurrency, questions: dataset.questions };
    const latency: RunSetup = { server: 'latency', url: slow.url, concurrency: config.latencyBound.concurrency, questions: dataset.questions.slice(0, config.latencyBound.units) };
    const runOptions =
      (setup: RunSetup) =>
      (store: TraceStore): StartRunOptions => ({
        store,
        protocol: 'du',
        overrides: BENCH_DU_OVERRIDES,
        // Same name and path for both setups: a worker re-reads the file and keeps the run's question ids.
        dataset: { name: dataset.name, path: dataset.path, questions: setup.questions },
        agents: uniformAgents(3, `openai:bench@${setup.url}`),
        seeds: [1],
        concurrency: setup.concurrency,
        backendConcurrency: 256,
        fresh: true,
      });
    const freshSchema = () => {
      const name = `quorum_bench_${randomBytes(4).toString('hex')}`;
      schemas.push(name);
      const url = new URL(databaseUrl);
      url.searchParams.set('schema', name);
      return url.href;
    };

    for (let repetition = 0; repetition < config.repetitions; repetition++) {
      const sqlite = await openSqliteStore(join(dir, `local-${repetition}.db`));
      runs.push(await measureLocal('local-sqlite', instant, sqlite, runOptions(instant)));
      log(`   local, SQLite: ${rate(runs.at(-1)!)}`);
      const postgres = await openPostgresStore(freshSchema());
      runs.push(await measureLocal('local-postgres', instant, postgres, runOptions(instant)));
      log(`   local, PostgreSQL: ${rate(runs.at(-1)!)}`);
      for (const workers of config.workerCounts) {
        runs.push(await measureQueue(workers, instant, freshSchema(), redisUrl, runOptions(instant)));
        log(`   queue, ${workers} worker process${workers === 1 ? '' : 'es'}: ${rate(runs.at(-1)!)}`);
      }
    }
    log(`   ${config.latencyBound.latencyMs} ms per call, ${config.latencyBound.concurrency} units in flight per process:`);
    for (let repetition = 0; repetition < config.repetitions; repetition++) {
      runs.push(await measureLocal('local-postgres', latency, await openPostgresStore(freshSchema()), runOptions(latency)));
      log(`   local, PostgreSQL: ${rate(runs.at(-1)!)}`);
      for (const workers of config.workerCounts) {
        runs.push(await measureQueue(workers, latency, freshSchema(), redisUrl, runOptions(latency)));
        log(`   queue, ${workers} worker process${workers === 1 ? '' : 'es'}: ${rate(runs.at(-1)!)}`);
      }
    }
    return { config, runs };
  } finally {
    await server.close();
    await slow.close();
    await dropSchemas(databaseUrl, schemas);
    rmSync(dir, { recursive: true, force: true });
  }
}

function rate(run: ScaleOutRun): string {
  return `${(run.units / (run.wallMs / 1000)).toFixed(1)} units/s (${run.units} units in ${(run.wallMs / 1000).toFixed(2)} s${run.failedUnits > 0 ? `, ${run.failedUnits} failed` : ''})`;
}

/** One server setup: which server, how many units in flight per process, which questions. */
interface RunSetup {
  server: ScaleOutRun['server'];
  url: string;
  concurrency: number;
  questions: StartRunOptions['dataset']['questions'];
}

async function measureLocal(mode: 'local-sqlite' | 'local-postgres', setup: RunSetup, store: TraceStore, runOptions: (store: TraceStore) => StartRunOptions): Promise<ScaleOutRun> {
  try {
    const started = performance.now();
    const outcome = await startRun(runOptions(store));
    const wallMs = performance.now() - started;
    const counts = await store.countUnits(outcome.runId);
    return { mode, server: setup.server, workers: 1, units: counts.total, failedUnits: counts.failed, wallMs };
  } finally {
    await store.close();
  }
}

async function measureQueue(workers: number, setup: RunSetup, storeUrl: string, redisUrl: string, runOptions: (store: TraceStore) => StartRunOptions): Promise<ScaleOutRun> {
  const queueUrl = new URL(redisUrl);
  queueUrl.searchParams.set('queue', `quorum-bench-${randomBytes(4).toString('hex')}`);
  const queue = openUnitQueue(queueUrl.href);
  const store = await openPostgresStore(storeUrl);
  const children: ChildProcess[] = [];
  try {
    // Planned (run and units stored) but not queued: an already-aborted signal plans and runs nothing.
    const planned = await startRun({ ...runOptions(store), signal: AbortSignal.abort() });
    for (let index = 0; index < workers; index++) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', BIN, 'worker', '--queue', queueUrl.href, '--store', storeUrl, '--concurrency', String(setup.concurrency), '--backend-concurrency', '1024'],
        { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (code, signal) => {
        if (code !== 0 && signal !== 'SIGTERM') process.stderr.write(`bench worker exited with ${code ?? signal}:\n${stderr}\n`);
      });
      children.push(child);
    }
    while ((await queue.getWorkersCount()) < workers) await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    await enqueueRun({ queue, store, runId: planned.runId });
    for (;;) {
      const counts = await store.countUnits(planned.runId);
      if (counts.pending === 0) {
        return { mode: 'queue', server: setup.server, workers, units: counts.total, failedUnits: counts.failed, wallMs: performance.now() - started };
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await store.close();
  }
}

async function dropSchemas(databaseUrl: string, schemas: readonly string[]): Promise<void> {
  if (schemas.length === 0) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
