/**
 * `quorum study report` in a process of its own computes a study's plugin
 * metric: it loads the plugin files the study recorded, or the ones given
 * with `--plugin` when the recorded path is gone. The expected values are
 * counted by hand: `ni` with 2 agents makes 2 turns per unit (round 0
 * only), `du` with 1 round makes 2 × 2 = 4 (consensus does not stop `du`).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../helpers/cli.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { startDeterministicServer } from '../queue/queue-fixtures.js';
import { escapeRegExp } from '../../src/util/escape-reg-exp.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-report-plugin-'));
const defineMetricUrl = pathToFileURL(join(import.meta.dirname, '../../src/metrics/metric-registry.js')).href;

const METRIC = `import { defineMetric } from '${defineMetricUrl}';
export default defineMetric({
  key: 'turn_count',
  label: 'Turns',
  source: 'test: turn events of the unit',
  needs: ['events'],
  bounds: [0, Infinity],
  binary: false,
  digits: 0,
  value: (unit) => unit.events.filter((event) => event.type === 'turn').length,
});
`;

describe('quorum study report with a plugin metric', () => {
  let server: FakeOpenAiServer;
  let studyId = '';
  const db = join(dir, 'study.db');
  before(async () => {
    server = await startDeterministicServer();
    mkdirSync(join(dir, 'study'));
    writeFileSync(join(dir, 'study', 'turns.ts'), METRIC);
    writeFileSync(
      join(dir, 'study', 'study.yaml'),
      [
        'name: plugin-report',
        'plugins: [./turns.ts]',
        'datasets: [{dataset: demo, limit: 2}]',
        `backends: {fake: "openai:fake@${server.url}"}`,
        'agents: {count: 2, backend: fake}',
        'protocols: [ni, {name: du1, preset: du, rounds: 1}]',
        'seeds: [1]',
        'audit: {enabled: false}',
        'comparisons: {baseline: ni, metrics: [turn_count]}',
      ].join('\n'),
    );
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('study run stores the study with its plugin', async () => {
    const result = await runInProcess(['study', 'run', join(dir, 'study', 'study.yaml'), '--db', db, '--no-audit', '--json']);
    assert.equal(result.code, 0, result.stderr);
    studyId = (JSON.parse(result.stdout) as { studyId: string }).studyId;
  });

  const turnRows = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('| Turns |'));

  it('the report loads the recorded plugin and compares its metric', async () => {
    const report = await runCli(['study', 'report', studyId, '--db', db, '--out', join(dir, 'report')]);
    assert.equal(report.code, 0, report.stderr);
    const rows = turnRows(report.stdout);
    assert.equal(rows.length, 1, report.stdout);
    // du1 − ni: 4 vs 2 turns on both questions: n = 2, every difference 2
    assert.match(rows[0]!, /^\| Turns \| du1 − ni \| 2 \| 4 vs 2 \| 2 \[2, 2\] \|/);
  });

  it('with the recorded file gone, the report names it; --plugin gives the report its own copy', async () => {
    mkdirSync(join(dir, 'elsewhere'));
    const copy = join(dir, 'elsewhere', 'turns.ts');
    cpSync(join(dir, 'study', 'turns.ts'), copy);
    rmSync(join(dir, 'study', 'turns.ts'));
    const missing = await runCli(['study', 'report', studyId, '--db', db, '--out', join(dir, 'report')]);
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, new RegExp(`plugin ${escapeRegExp(join(dir, 'study', 'turns.ts'))}: no such file`));
    const given = await runCli(['study', 'report', studyId, '--db', db, '--out', join(dir, 'report'), '--plugin', copy]);
    assert.equal(given.code, 0, given.stderr);
    assert.match(turnRows(given.stdout)[0] ?? '', /^\| Turns \| du1 − ni \| 2 \| 4 vs 2 \| 2 \[2, 2\] \|/);
  });
});
