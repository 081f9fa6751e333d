/**
 * `node --import tsx bench/queue-bench.ts [--quick] [--write]`: the
 * scale-out benchmark (bench/queue-scale-out-case.ts) on its own. Needs
 * DATABASE_URL and REDIS_URL (as .ci/run exports them); without them it
 * says so and exits. `--write` replaces the Scale-out section of
 * BENCHMARKS.md and leaves the rest of the file alone.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { runScaleOutCase, scaleOutConfig } from './queue-scale-out-case.js';
import { renderScaleOut, withScaleOutSection } from './queue-scale-out-report.js';

const args = process.argv.slice(2);
for (const arg of args) if (arg !== '--quick' && arg !== '--write') throw new Error(`unknown flag ${arg}: use --quick, --write`);
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (databaseUrl === undefined || redisUrl === undefined || databaseUrl === '' || redisUrl === '') {
  process.stderr.write('the scale-out benchmark needs DATABASE_URL (PostgreSQL) and REDIS_URL (Redis): start both and export them, as .ci/run does\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const config = scaleOutConfig(args.includes('--quick'));
const loadStart = loadavg()[0]!;
log(`scale-out: ${config.units} du units per run, ${config.concurrency} in flight per process, workers ${config.workerCounts.join('/')}, ${config.repetitions} repetition(s)…`);
const result = await runScaleOutCase(config, databaseUrl, redisUrl, log);
const section = renderScaleOut(result, [loadStart, loadavg()[0]!]);
process.stdout.write(`${section}\n`);
if (args.includes('--write')) {
  const file = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
  writeFileSync(file, withScaleOutSection(existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n', section));
  log('wrote the Scale-out section of BENCHMARKS.md');
}
