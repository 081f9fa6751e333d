/**
 * `npm run bench [-- --quick] [-- --only 1,3] [-- --no-write] [-- --profile|--no-profile]`
 *
 * 1. completions/s through `startRun` + SQLite against an instant local
 *    OpenAI-compatible server (in its own process);
 * 2. the same with 50 ms per request and 64 requests in flight;
 * 3. tokens/s of a `du` run on the generated GGUF versus node-llama-cpp
 *    replaying the same prompts directly.
 * `--only v`: the viewer's large-run figures (bench/viewer-bench.ts: cold and
 *    warm first open of a 10,000-unit run in Chromium), written to their own
 *    section. Not in the default set: it builds a 10,000-unit store first.
 * Each case runs in its own worker process (own peak RSS). Prints a table and
 * replaces BENCHMARKS.md (keeping its hand-written Findings section).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, freemem, loadavg, platform, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HttpCaseConfig, HttpCaseResult, LlamaCaseConfig, LlamaCaseResult } from './case-protocol.js';
import { httpFigures } from './figures.js';
import { consoleTable, keptFindings, keptStandaloneSections, renderMarkdown, TARGETS, type BenchReport } from './render-report.js';
import { runCase } from './run-case.js';
import { runScaleOutCase, scaleOutConfig } from './queue-scale-out-case.js';
import { renderScaleOut, withScaleOutSection } from './queue-scale-out-report.js';
import { runPeersCase } from './peers-case.js';
import { loadNow, renderPeers, withPeersSection } from './peers-report.js';

interface Flags {
  quick: boolean;
  only: Set<string>;
  write: boolean;
  /** undefined: profile when benchmark 1 misses its target. */
  profile: boolean | undefined;
}

function parseFlags(args: readonly string[]): Flags {
  const flags: Flags = { quick: false, only: new Set(['1', '2', '3']), write: true, profile: undefined };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '--quick') flags.quick = true;
    else if (arg === '--no-write') flags.write = false;
    else if (arg === '--profile') flags.profile = true;
    else if (arg === '--no-profile') flags.profile = false;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? args[++index] : arg.slice('--only='.length);
      flags.only = new Set((value ?? '').split(',').map((part) => part.trim()));
    } else throw new Error(`unknown flag ${arg}: use --quick, --only 1,2,3[,q][,p][,v], --no-write, --profile, --no-profile`);
  }
  return flags;
}

const flags = parseFlags(process.argv.slice(2));
const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);

const instantConfig: HttpCaseConfig = {
  kind: 'http',
  latencyMs: 0,
  units: flags.quick ? 128 : 400,
  // Large enough for the JIT to settle on the whole path: small warm-ups left the first measured run 1.5–2× slower.
  warmupUnits: flags.quick ? 64 : 100,
  repetitions: flags.quick ? 1 : 2,
  concurrency: 64,
  backendConcurrency: 256,
  variants: ['direct', 'global-fetch'],
  ceilingCalls: flags.quick ? 800 : 1000,
};
const latencyConfig: HttpCaseConfig = {
  kind: 'http',
  latencyMs: 50,
  units: flags.quick ? 160 : 300,
  warmupUnits: flags.quick ? 64 : 80,
  repetitions: flags.quick ? 1 : 2,
  // 64 units × 3 parallel agents keep more than 64 calls ready; the limiter holds 64 in flight.
  concurrency: 64,
  backendConcurrency: 64,
  variants: ['direct', 'global-fetch'],
};
const llamaConfig: LlamaCaseConfig = {
  kind: 'llama',
  questions: 2,
  agents: 3,
  rounds: 1,
  maxTokens: flags.quick ? 96 : 128,
  threads: 1,
  // Many short rounds rather than a few long ones: single-threaded generation swings with the machine's load.
  repetitions: flags.quick ? 1 : 5,
};

const report: BenchReport = {
  date: new Date().toISOString(),
  quick: flags.quick,
  environment: {
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryBytes: totalmem(),
    platform: `${platform()} ${arch()}`,
    loadStart: loadavg(),
    loadEnd: [],
  },
  durationMs: 0,
};
log(`quorum bench (${flags.quick ? 'quick' : 'full'}): node ${process.version}, ${cpus().length} CPUs, load ${loadavg().map((load) => load.toFixed(2)).join(' ')}, ${Math.round(freemem() / 1024 ** 2)} MB free`);

if (flags.only.has('1')) {
  log(`1. completions/s, instant server: ${instantConfig.units} units × ${instantConfig.repetitions} run(s) per variant…`);
  report.instant = await runCase<HttpCaseResult>(instantConfig);
  const shipped = httpFigures(report.instant, 'direct').completionsPerSecond;
  if (flags.profile ?? shipped < TARGETS.completionsPerSecond) {
    const units = flags.quick ? 100 : 150;
    log(`   profiling one run of ${units} units (V8 sampling profiler, measured run only)…`);
    const profiled = await runCase<HttpCaseResult>({ ...instantConfig, units, warmupUnits: 32, repetitions: 1, variants: ['direct'], profile: true });
    if (profiled.profile !== undefined) report.profile = { summary: profiled.profile, units };
  }
}
if (flags.only.has('2')) {
  log(`2. ${latencyConfig.latencyMs} ms latency, ${latencyConfig.backendConcurrency} in flight: ${latencyConfig.units} units × ${latencyConfig.repetitions} run(s) per variant…`);
  report.latency = await runCase<HttpCaseResult>(latencyConfig);
}
if (flags.only.has('3')) {
  log(`3. llama tokens/s vs node-llama-cpp direct: ${llamaConfig.questions} questions × ${llamaConfig.agents} agents × ${llamaConfig.rounds + 1} rounds, ${llamaConfig.repetitions} measured round(s)…`);
  report.llama = await runCase<LlamaCaseResult>(llamaConfig);
}

// q: the scale-out benchmark (bench/queue-bench.ts), only when asked for: it needs PostgreSQL and Redis.
let scaleOut: string | undefined;
if (flags.only.has('q')) {
  const [databaseUrl, redisUrl] = [process.env.DATABASE_URL, process.env.REDIS_URL];
  if (databaseUrl === undefined || redisUrl === undefined) throw new Error('--only q needs DATABASE_URL and REDIS_URL (see .ci/run)');
  const loadStart = loadavg()[0]!;
  log('q. scale-out: local vs queue mode with 1, 2 and 4 worker processes…');
  scaleOut = renderScaleOut(await runScaleOutCase(scaleOutConfig(flags.quick), databaseUrl, redisUrl, (line) => log(line)), [loadStart, loadavg()[0]!]);
  process.stdout.write(`${scaleOut}\n`);
}

// p: the peers' job, whole processes (quorum from dist/, a Python loop, a bare node:http client), only when asked for.
let peers: string | undefined;
if (flags.only.has('v')) {
  // Its own process and its own section of BENCHMARKS.md (written by it, between its markers).
  log('v. the viewer on a 10,000-unit run (store, server, Chromium)…');
  const script = fileURLToPath(new URL('./viewer-bench.ts', import.meta.url));
  const viewerArgs = ['--import', 'tsx', script, '--audit', 'fake', '--repeats', flags.quick ? '3' : '5', ...(flags.write ? ['--write'] : [])];
  const exit = spawnSync(process.execPath, viewerArgs, { stdio: 'inherit' });
  if (exit.status !== 0) throw new Error(`the viewer benchmark failed (exit ${exit.status})`);
}

if (flags.only.has('p')) {
  const loadStart = loadNow();
  const rounds = flags.quick ? 1 : 3;
  log(`p. the peers' job: 200 MCQs × 3 agents × 3 rounds, ${rounds} interleaved round(s)…`);
  peers = renderPeers(await runPeersCase({ questions: 200, rounds, log }), [loadStart, loadNow()]);
  process.stdout.write(`${peers}\n`);
}

report.environment.loadEnd = loadavg();
report.durationMs = performance.now() - started;
process.stdout.write(`${consoleTable(report)}\n`);
if (report.llama !== undefined && !report.llama.sameOutput) {
  process.stdout.write('\nwarning: the LlamaChat replay did not reproduce quorum\'s replies, so benchmark 3 compares different work\n');
}
if (report.profile !== undefined) {
  process.stdout.write(`\nbenchmark 1 CPU profile, self time by area:\n`);
  for (const area of report.profile.summary.areas.slice(0, 10)) process.stdout.write(`  ${(area.share * 100).toFixed(1).padStart(5)} %  ${area.name}\n`);
}
if (flags.write) {
  const file = join(root, 'BENCHMARKS.md');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  // Standalone sections (scale-out, viewer) are kept; `--only q` replaces its section and nothing else.
  const standaloneOnly = [...flags.only].every((name) => name === 'q' || name === 'p' || name === 'v');
  const next = standaloneOnly ? (previous ?? '# Benchmarks\n') : `${renderMarkdown(report, keptFindings(previous)).trimEnd()}\n${keptStandaloneSections(previous)}`;
  const withScaleOut = scaleOut === undefined ? next : withScaleOutSection(next, scaleOut);
  writeFileSync(file, peers === undefined ? withScaleOut : withPeersSection(withScaleOut, peers));
  log(`\nwrote BENCHMARKS.md (${(report.durationMs / 1000).toFixed(0)} s)`);
}
