#!/usr/bin/env node
// Runs the test files under test/ with node:test through tsx, two at a time.
// Arguments filter files by substring. `scripts/time-tests.mjs` takes the
// same filters and prints each file's wall time instead.
import { spawnSync } from 'node:child_process';
import { findTestFiles } from './test-files.mjs';

const filters = process.argv.slice(2);
const files = findTestFiles(filters);
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
