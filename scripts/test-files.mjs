// The test files under test/ whose path contains one of the filters (all of
// them without filters), sorted. Node 20's --test does not expand globs.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** @param {readonly string[]} filters substrings of the path; none means every file */
export function findTestFiles(filters) {
  return readdirSync('test', { recursive: true })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join('test', name))
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort();
}
