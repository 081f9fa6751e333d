/** scripts/time-tests.mjs: each matching test file's wall time, the sum, the whole wall time and the load. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-time-tests-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const timeTests = (...args: string[]) => spawnSync(process.execPath, ['scripts/time-tests.mjs', ...args], { cwd: REPO_ROOT, encoding: 'utf8' });

describe('scripts/time-tests.mjs', () => {
  it('times the files a filter picks, one process each, and writes the same figures as JSON', () => {
    const json = join(dir, 'times.json');
    // two small files that need no services; the filters are path substrings, as for run-tests.mjs
    const result = timeTests('--concurrency', '1', '--json', json, 'library/library-docs', 'scoring/run-path-agreement');
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const rows = result.stdout.split('\n');
    for (const file of ['test/library/library-docs.test.ts', 'test/scoring/run-path-agreement.test.ts']) assert.ok(rows.some((row) => new RegExp(`^${file} +\\d+\\.\\d$`).test(row)), `a row for ${file}:\n${result.stdout}`);
    assert.match(result.stdout, /^sum +\d+\.\d$/m);
    assert.match(result.stdout, /^wall \(2 files, 1 at a time\) +\d+\.\d$/m);
    assert.match(result.stdout, /^load average \(1, 5, 15 min\): [\d.]+ [\d.]+ [\d.]+ at start, [\d.]+ [\d.]+ [\d.]+ at end$/m);

    const report = JSON.parse(readFileSync(json, 'utf8')) as { concurrency: number; wall: number; sum: number; files: Array<{ file: string; seconds: number; ok: boolean }> };
    assert.equal(report.concurrency, 1);
    assert.deepEqual(report.files.map((row) => row.file).sort(), ['test/library/library-docs.test.ts', 'test/scoring/run-path-agreement.test.ts']);
    assert.ok(report.files.every((row) => row.ok && row.seconds > 0));
    // one at a time: the files' times add up to the whole wall time, less the script's own start
    assert.ok(Math.abs(report.sum - report.files.reduce((total, row) => total + row.seconds, 0)) < 0.02);
    assert.ok(report.wall >= report.sum - 0.02, `wall ${report.wall} covers the sum ${report.sum}`);
  });

  it('says so when no file matches, and refuses a bad --concurrency', () => {
    const none = timeTests('no-such-test-file');
    assert.equal(none.status, 1);
    assert.match(none.stderr, /no test files match no-such-test-file/);
    const bad = timeTests('--concurrency', '0', 'library-docs');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--concurrency: expected a whole number ≥ 1, got 0/);
  });
});
