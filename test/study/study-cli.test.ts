/** `quorum study run | status | report` end to end in child processes, against the designed server. */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { miniStudyYaml, startDesignedServer, writeDesignedQuestions } from './designed-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-study-cli-'));
const db = join(dir, 'cli.db');
let server: FakeOpenAiServer;

before(async () => {
  server = await startDesignedServer();
  writeDesignedQuestions(dir);
  writeFileSync(join(dir, 'study.yaml'), miniStudyYaml(server.url, HYPOTHESES));
});

// du is right on 4 more pairs than ni and never less (b = 4, c = 0): McNemar greater = binom.test(4, 4, alternative = 'greater') = 1/16;
// Bonferroni over the family of two: 0.125 (hand computation from the designed outcomes, see mini-study.test.ts).
const HYPOTHESES = `hypotheses:
  - { id: H1, metric: accuracy, treatment: du, control: ni, alternative: greater }
  - { id: H2, metric: tokens, treatment: du, control: ni, alternative: greater, test: t }
families:
  - { name: primary, correction: bonferroni, members: [H1, H2] }
`;
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum study', () => {
  let studyId = '';

  it('run: runs the grid and prints the outcome', async () => {
    const result = await runInProcess(['study', 'run', join(dir, 'study.yaml'), '--db', db, '--no-audit', '--json']);
    assert.equal(result.code, 0, result.stderr);
    const outcome = JSON.parse(result.stdout);
    assert.equal(outcome.status, 'done');
    assert.equal(outcome.audit, null);
    assert.deepEqual(outcome.cells.map((cell: { executed: number }) => cell.executed), [12, 12, 12]);
    assert.match(result.stderr, /\[1\/3\] ni\n/);
    assert.match(result.stderr, /\[3\/3\] du-r2\n/);
    studyId = outcome.studyId;
  });

  it('status: progress per run and the ETA', async () => {
    const result = await runInProcess(['study', 'status', 'mini', '--db', db]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, new RegExp(`^study ${studyId} \\(mini\\): done`));
    assert.match(result.stdout, /du-r2\s+12\/12\s+0\s+run-/);
    assert.match(result.stdout, /total: 36\/36 units finished \(0 failed\), 0 remaining/);
    assert.match(result.stdout, /ETA: nothing left to run/);
  });

  it('report: writes the files and prints the comparison and hypothesis tables', async () => {
    const out = join(dir, 'report');
    const result = await runInProcess(['study', 'report', studyId, '--db', db, '--out', out]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^warning: not audited: ni, du, du-r2 \(CARA figures n\/a\)/m);
    assert.match(result.stdout, /\| accuracy \| du − ni \| 12 \|/);
    assert.match(result.stdout, /^Declared hypotheses$/m);
    assert.match(result.stdout, /\| H1 \| du > ni on accuracy \| 12 \| 0\.333 \[[^\]]+\] \| McNemar, b\/c = 4\/0 \(exact\) \| 0\.0625 \| primary \(Bonferroni, 2\) \| 0\.125 \| H0 kept at α = 0\.05 \|/);
    for (const file of ['report.md', 'report.html', 'report.json', 'tables/comparisons.csv', 'tables/hypotheses.csv', 'charts/accuracy-cost.svg']) assert.ok(existsSync(join(out, file)), file);
    assert.ok(!existsSync(join(out, 'charts', 'consistency-quadrant.svg')), 'no audit: no quadrant');
    assert.match(readFileSync(join(out, 'report.md'), 'utf8'), /CARA-HYB vs contradiction rate \(CR\)\n\nNot drawn: no audit/);
  });

  it('a bad study file exits 2 and names the line', async () => {
    writeFileSync(join(dir, 'bad.yaml'), miniStudyYaml(server.url).replace('seeds: 1-3', 'seeds: 1-3\nroundz: 2'));
    const result = await runInProcess(['study', 'run', join(dir, 'bad.yaml'), '--db', db]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /bad\.yaml:18:1: roundz: unknown field "roundz"/);
    assert.match(result.stderr, /hint: fix the study file/);
  });
});
