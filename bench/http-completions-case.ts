/**
 * Benchmarks 1 and 2 (worker process): `du` runs (`BENCH_DU_OVERRIDES`: 3
 * agents × 3 rounds = 9 completions per unit) through the real path — `startRun`, the backend pool
 * and its middleware, the OpenAI backend over HTTP, a fresh SQLite file per
 * run so the completion cache always misses — against the fake server in its
 * own process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRun, uniformAgents } from '../src/runner/start-run.js';
import { openSqliteStore } from '../src/store/open-sqlite-store.js';
import { summarizeCpuProfile, type CpuProfile } from './cpu-profile-summary.js';
import { BENCH_DU_OVERRIDES, runWorker, type FetchVariant, type HttpCaseConfig, type HttpCaseResult, type HttpRepetition } from './case-protocol.js';
import { startFakeServerProcess, type FakeServerProcess } from './fake-server-child.js';
import { measureCeilings } from './http-client-ceilings.js';
import { processPeakRss, sampleRss } from './rss-sampler.js';
import { syntheticDataset } from './synthetic-questions.js';

/** What the server answers: short, parseable, the same for every call. */
export const BENCH_REPLY = 'The mechanism described matches option A best.\nAnswer: A';

const globalFetch = globalThis.fetch;

async function measuredRun(config: HttpCaseConfig, server: FakeServerProcess, variant: FetchVariant, units: number): Promise<HttpRepetition> {
  const directory = mkdtempSync(join(tmpdir(), 'quorum-bench-'));
  const store = await openSqliteStore(join(directory, 'bench.db'));
  try {
    const serverCpuBefore = await server.cpuMs();
    const rss = sampleRss();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const outcome = await startRun({
      store,
      protocol: 'du',
      overrides: BENCH_DU_OVERRIDES,
      dataset: syntheticDataset(units),
      agents: uniformAgents(3, `openai:bench@${server.url}`),
      seeds: [1],
      concurrency: config.concurrency,
      backendConcurrency: config.backendConcurrency,
      fresh: true,
      // As shipped the backend speaks node:http itself; the comparison sends the same calls through the global fetch.
      ...(variant === 'global-fetch' ? { openai: { fetch: globalFetch } } : {}),
    });
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const peakRssBytes = rss.stop();
    const serverCpuMs = (await server.cpuMs()) - serverCpuBefore;
    const records = await store.listUnits(outcome.runId);
    return {
      variant,
      units: records.length,
      completions: records.reduce((sum, unit) => sum + (unit.summary?.calls ?? 0), 0),
      failedUnits: records.filter((unit) => unit.status !== 'done').length,
      wallMs,
      clientCpuMs: (cpu.user + cpu.system) / 1000,
      serverCpuMs,
      peakRssBytes,
    };
  } finally {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function startProfiler(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return session;
}

async function stopProfiler(session: Session) {
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  return summarizeCpuProfile(profile as CpuProfile, fileURLToPath(new URL('..', import.meta.url)));
}

async function run(config: HttpCaseConfig): Promise<HttpCaseResult> {
  const baselineRssBytes = process.memoryUsage.rss();
  const server = await startFakeServerProcess({ latencyMs: config.latencyMs, reply: BENCH_REPLY });
  try {
    for (const variant of config.variants) await measuredRun(config, server, variant, config.warmupUnits);
    const session = config.profile === true ? await startProfiler() : undefined;
    const repetitions: HttpRepetition[] = [];
    for (let index = 0; index < config.repetitions; index++) {
      for (const variant of config.variants) repetitions.push(await measuredRun(config, server, variant, config.units));
    }
    const profile = session === undefined ? undefined : await stopProfiler(session);
    const ceilings = config.ceilingCalls === undefined ? undefined : await measureCeilings(server, BENCH_REPLY, config.ceilingCalls, config.concurrency);
    return {
      kind: 'http',
      config,
      repetitions,
      ...(ceilings === undefined ? {} : { ceilings }),
      ...(profile === undefined ? {} : { profile }),
      baselineRssBytes,
      processPeakRssBytes: processPeakRss(),
    };
  } finally {
    await server.close();
  }
}

await runWorker(run);
