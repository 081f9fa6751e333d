/**
 * The "Scale-out" section of BENCHMARKS.md: written by bench/queue-bench.ts
 * (or `npm run bench -- --only q`) between its own markers, so the other
 * benchmarks' sections are never touched.
 */
import { cpus, totalmem } from 'node:os';
import { BENCH_DU_CALLS_PER_UNIT, BENCH_DU_ROUNDS } from './case-protocol.js';
import type { ScaleOutResult, ScaleOutRun } from './queue-scale-out-case.js';

export const SCALE_OUT_START = '<!-- scale-out:start -->';
export const SCALE_OUT_END = '<!-- scale-out:end -->';

const unitsPerSecond = (run: ScaleOutRun) => run.units / (run.wallMs / 1000);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Median units/s of the runs of one mode and worker count. */
export function medianRate(result: ScaleOutResult, mode: ScaleOutRun['mode'], workers = 1, server: ScaleOutRun['server'] = 'instant'): number {
  return median(result.runs.filter((run) => run.mode === mode && run.workers === workers && run.server === server).map(unitsPerSecond));
}

/** The section's Markdown, markers included. */
export function renderScaleOut(result: ScaleOutResult, load: [number, number], date = new Date()): string {
  const { config } = result;
  const sqlite = medianRate(result, 'local-sqlite');
  const postgres = medianRate(result, 'local-postgres');
  const one = medianRate(result, 'queue', 1);
  const rows: Array<[string, number]> = [
    ['local, one process, SQLite', sqlite],
    ['local, one process, PostgreSQL', postgres],
    ...config.workerCounts.map((workers): [string, number] => [`queue, ${workers} worker process${workers === 1 ? '' : 'es'}, PostgreSQL`, medianRate(result, 'queue', workers)]),
  ];
  const runs = result.runs.map((run) => `| ${run.server === 'instant' ? 'instant' : `${config.latencyBound.latencyMs} ms`} | ${run.mode} | ${run.workers} | ${run.units} | ${(run.wallMs / 1000).toFixed(2)} s | ${unitsPerSecond(run).toFixed(1)} | ${run.failedUnits} |`);
  const { latencyBound } = config;
  const slowLocal = medianRate(result, 'local-postgres', 1, 'latency');
  const slowOne = medianRate(result, 'queue', 1, 'latency');
  // A unit of `du` is BENCH_DU_ROUNDS rounds of 3 parallel calls: at best that many latencies long, so C units in flight give C / (rounds × latency) units/s.
  const ideal = latencyBound.concurrency / ((BENCH_DU_ROUNDS * latencyBound.latencyMs) / 1000);
  const slowRows = [
    `| local, one process, PostgreSQL | ${slowLocal.toFixed(1)} | — | ${(slowLocal / ideal).toFixed(2)} |`,
    ...config.workerCounts.map((workers) => {
      const value = medianRate(result, 'queue', workers, 'latency');
      return `| queue, ${workers} worker process${workers === 1 ? '' : 'es'} | ${value.toFixed(1)} | ${(value / slowOne).toFixed(2)} × | ${(value / (workers * ideal)).toFixed(2)} |`;
    }),
  ];
  return [
    SCALE_OUT_START,
    '## Scale-out: queue mode (BullMQ workers, PostgreSQL)',
    '',
    `Written by \`node --import tsx bench/queue-bench.ts --write\` or \`npm run bench -- --only q\` (needs DATABASE_URL and REDIS_URL; other runs of \`npm run bench\` keep this section). ${date.toISOString()}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, load average (1 min) ${load[0].toFixed(2)} at start, ${load[1].toFixed(2)} at the end.`,
    '',
    `Workload: the \`du\` preset (3 agents × ${BENCH_DU_ROUNDS} rounds = ${BENCH_DU_CALLS_PER_UNIT} completions per unit) on ${config.units} synthetic MCQ units against the instant fake server (its own process), ${config.concurrency} units in flight per process, a fresh PostgreSQL schema (or SQLite file) per measured run so the completion cache always misses; medians of ${config.repetitions} run(s). Queue mode: the workers are \`quorum worker\` processes, started and connected before the units are queued (start-up not counted); the clock runs from queueing to the last unit stored. PostgreSQL, Redis, the fake server and every worker share this machine's ${cpus().length} cores, so more workers than cores cannot scale here: the figures show the overhead per unit, not the speed-up of workers on their own machines.`,
    '',
    '| mode | units/s | vs local SQLite | vs local PostgreSQL |',
    '| --- | --- | --- | --- |',
    ...rows.map(([label, value]) => `| ${label} | ${value.toFixed(1)} | ${(value / sqlite).toFixed(2)} × | ${(value / postgres).toFixed(2)} × |`),
    '',
    `Overhead of queue mode (one worker against one local process, both on PostgreSQL): ${((1 / one - 1 / postgres) * 1000).toFixed(1)} ms per unit (${one >= postgres ? 'none measurable' : `${((1 - one / postgres) * 100).toFixed(0)} % fewer units/s`}); of the PostgreSQL store against SQLite: ${((1 / postgres - 1 / sqlite) * 1000).toFixed(1)} ms per unit.`,
    '',
    `### When the model server is the bottleneck: ${latencyBound.latencyMs} ms per call`,
    '',
    `The same workload on ${latencyBound.units} units against a fake server that answers each call after ${latencyBound.latencyMs} ms (any number at once, like a batching vLLM server), ${latencyBound.concurrency} units in flight per process. A \`du\` unit is ${BENCH_DU_ROUNDS} rounds of 3 parallel calls, so one process can do at most ${latencyBound.concurrency} / (${BENCH_DU_ROUNDS} × ${latencyBound.latencyMs} ms) = ${ideal.toFixed(1)} units/s; each added worker adds ${latencyBound.concurrency} units in flight. This is what workers on several machines buy: the cores here are not the limit.`,
    '',
    '| mode | units/s | vs 1 worker | of the ideal (workers × one process at best) |',
    '| --- | --- | --- | --- |',
    ...slowRows,
    '',
    '| server | mode | workers | units | wall | units/s | failed |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...runs,
    SCALE_OUT_END,
  ].join('\n');
}

/** BENCHMARKS.md with the section replaced, or appended when absent. */
export function withScaleOutSection(current: string, section: string): string {
  const start = current.indexOf(SCALE_OUT_START);
  const end = current.indexOf(SCALE_OUT_END);
  if (start >= 0 && end > start) return `${current.slice(0, start)}${section}${current.slice(end + SCALE_OUT_END.length)}`;
  return `${current.trimEnd()}\n\n${section}\n`;
}

