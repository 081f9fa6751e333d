#!/usr/bin/env node
// Times the test files one by one: each matching file runs in its own
// `node --import tsx --test <file>` process, N at a time (2 by default, as
// `run-tests.mjs` does), and the table lists every file's wall time, slowest
// first, with the sum, the whole wall time and the load average at start and
// end (timings on a shared machine are only comparable at a similar load).
//
//   node scripts/time-tests.mjs [--concurrency N] [--json FILE] [filter ...]
//
// Filters are substrings of the path, as for run-tests.mjs. Exits 1 when a
// file fails; its output is printed after the table.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { findTestFiles } from './test-files.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { concurrency: { type: 'string', default: '2' }, json: { type: 'string' } },
});
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(`--concurrency: expected a whole number ≥ 1, got ${values.concurrency}`);
  process.exit(2);
}
const files = findTestFiles(positionals);
if (files.length === 0) {
  console.error(`no test files match ${positionals.join(' ')}`);
  process.exit(1);
}

function timeFile(file) {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => resolve({ file, seconds: (performance.now() - started) / 1000, ok: code === 0, output })),
  );
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const loadAtStart = load();
const started = performance.now();
const queue = [...files];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(concurrency, files.length) }, async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const result = await timeFile(file);
      results.push(result);
      process.stderr.write(`${result.ok ? 'ok  ' : 'FAIL'} ${result.seconds.toFixed(1).padStart(6)} s  ${file}\n`);
    }
  }),
);
const wall = (performance.now() - started) / 1000;
const sum = results.reduce((total, result) => total + result.seconds, 0);
const width = Math.max(...results.map((result) => result.file.length));

results.sort((a, b) => b.seconds - a.seconds);
console.log(`\n${'file'.padEnd(width)}  seconds`);
for (const result of results) console.log(`${result.file.padEnd(width)}  ${result.seconds.toFixed(1).padStart(7)}${result.ok ? '' : '  FAILED'}`);
console.log(`${'sum'.padEnd(width)}  ${sum.toFixed(1).padStart(7)}`);
console.log(`${`wall (${files.length} files, ${concurrency} at a time)`.padEnd(width)}  ${wall.toFixed(1).padStart(7)}`);
console.log(`load average (1, 5, 15 min): ${loadAtStart} at start, ${load()} at end`);
if (values.json !== undefined) {
  const perFile = results.map(({ file, seconds, ok }) => ({ file, seconds: Number(seconds.toFixed(2)), ok }));
  writeFileSync(values.json, `${JSON.stringify({ loadAtStart, loadAtEnd: load(), concurrency, wall, sum, files: perFile }, null, 2)}\n`);
}
const failed = results.filter((result) => !result.ok);
for (const result of failed) console.log(`\n--- ${result.file} failed:\n${result.output}`);
process.exitCode = failed.length > 0 ? 1 : 0;
