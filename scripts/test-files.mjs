// The test files under test/ whose path contains one of the filters (all of
// them without filters), sorted. Node 20's --test does not expand globs.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return find(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

/** @param {readonly string[]} filters substrings of the path; none means every file */
export function findTestFiles(filters) {
  return find('test')
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort();
}
