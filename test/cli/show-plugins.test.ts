/**
 * `quorum run` and `quorum show` print a plugin metric beside the built-in
 * ones, each in a process of its own: `show` loads the plugin file the run
 * recorded, or the `--plugin` files given instead, and a recorded file that
 * is gone is a note, not an error. Expected values are counted by hand:
 * `du` with 2 agents and 1 round makes 2 × 2 = 4 turn events per unit on
 * each of the 2 demo questions, so the mean of `turn_count` is 4 (2 units);
 * `ni` ends after round 0, so the rounds-per-unit metric of the second
 * plugin (`late_turns`, turns of round ≥ 1) is 0 for ni and 2 for du.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { collect, runCli, spawnCli, viewerUrl } from '../helpers/cli.js';
import type { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { startDeterministicServer } from '../queue/queue-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-show-plugin-'));
const registryUrl = pathToFileURL(join(import.meta.dirname, '../../src/metrics/metric-registry.js')).href;

const METRICS = `import { defineMetric } from '${registryUrl}';
const turns = (unit) => unit.events.filter((event) => event.type === 'turn');
export default [
  defineMetric({ key: 'turn_count', label: 'Turns', source: 'test: turn events of the unit', needs: ['events'], bounds: [0, Infinity], binary: false, digits: 1, value: (unit) => turns(unit).length }),
  defineMetric({ key: 'late_turns', label: 'Late turns', source: 'test: turns of round 1 or later', needs: ['events'], bounds: [0, Infinity], binary: false, digits: 0, value: (unit) => turns(unit).filter((event) => event.round >= 1).length }),
];
`;

describe('plugin metrics in quorum run and quorum show', () => {
  let server: FakeOpenAiServer;
  const db = join(dir, 'runs.db');
  const plugin = join(dir, 'plugins', 'turns.ts');
  let runId = '';
  before(async () => {
    server = await startDeterministicServer();
    mkdirSync(join(dir, 'plugins'));
    writeFileSync(plugin, METRICS);
    writeFileSync(join(dir, 'run.yaml'), ['plugins: [./plugins/turns.ts]', 'protocol: du', 'agents: 2', 'dataset: demo', `backend: "openai:fake@${server.url}"`].join('\n'));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('run prints the plugin metrics of a run file\'s plugin', async () => {
    const result = await runCli(['run', '--config', join(dir, 'run.yaml'), '--rounds', '1', '--limit', '2', '--db', db]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^plugin {7}Turns 4\.0 \(turn_count: mean of 2 units; test: turn events of the unit\)$/m);
    assert.match(result.stdout, /^plugin {7}Late turns 2 \(late_turns: mean of 2 units; test: turns of round 1 or later\)$/m);
    runId = /^run (\S+) /m.exec(result.stdout)?.[1] ?? '';
    assert.notEqual(runId, '');
  });

  it('show loads the recorded plugin: the same lines, and the same values in --json', async () => {
    const shown = await runCli(['show', runId, '--db', db]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /^plugin {7}Turns 4\.0 \(turn_count: mean of 2 units; /m);
    assert.match(shown.stdout, /^plugin {7}Late turns 2 \(late_turns: mean of 2 units; /m);
    const json = await runCli(['show', runId, '--db', db, '--json']);
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as { plugins: { key: string; mean: number; units: number }[]; pluginsUnavailable?: string[] };
    assert.deepEqual(parsed.plugins.map(({ key, mean, units }) => ({ key, mean, units })), [
      { key: 'turn_count', mean: 4, units: 2 },
      { key: 'late_turns', mean: 2, units: 2 },
    ]);
    assert.equal(parsed.pluginsUnavailable, undefined);
  });

  it('the viewer computes plugin metrics of --plugin files only, never of the files a store names', async () => {
    const pluginsOnRunPage = async (args: string[]) => {
      const child = spawnCli(['ui', '--db', db, '--port', '0', ...args]);
      const done = collect(child);
      try {
        const url = await viewerUrl(child);
        const detail = (await (await fetch(new URL(`/api/runs/${runId}`, url))).json()) as { metrics: { plugins: { key: string; mean: number; units: number }[] } };
        return detail.metrics.plugins.map(({ key, mean, units }) => ({ key, mean, units }));
      } finally {
        child.kill('SIGTERM');
        assert.equal((await done).code, 0);
      }
    };
    assert.deepEqual(await pluginsOnRunPage([]), [], 'the recorded plugin file exists, and is still not loaded');
    assert.deepEqual(await pluginsOnRunPage(['--plugin', plugin]), [
      { key: 'turn_count', mean: 4, units: 2 },
      { key: 'late_turns', mean: 2, units: 2 },
    ]);
  });

  it('with the recorded file gone, show prints the built-in metrics and names the plugin; --plugin gives it the file', async () => {
    const copy = join(dir, 'elsewhere', 'turns.ts');
    mkdirSync(join(dir, 'elsewhere'));
    cpSync(plugin, copy);
    rmSync(plugin);
    const missing = await runCli(['show', runId, '--db', db]);
    assert.equal(missing.code, 0, missing.stderr);
    assert.match(missing.stdout, /^accuracy /m);
    assert.doesNotMatch(missing.stdout, /Turns/);
    assert.match(missing.stdout, /^plugin {7}not loaded: .*turns\.ts.*its metrics are missing \(pass --plugin <file>/m);
    const json = JSON.parse((await runCli(['show', runId, '--db', db, '--json'])).stdout) as { plugins: unknown[]; pluginsUnavailable: string[] };
    assert.deepEqual(json.plugins, []);
    assert.equal(json.pluginsUnavailable.length, 1);
    const given = await runCli(['show', runId, '--db', db, '--plugin', copy]);
    assert.equal(given.code, 0, given.stderr);
    assert.match(given.stdout, /^plugin {7}Turns 4\.0 \(turn_count: mean of 2 units; /m);
    assert.doesNotMatch(given.stdout, /not loaded/);
  });

  it('a --plugin file that does not load is an error naming it', async () => {
    const result = await runCli(['show', runId, '--db', db, '--plugin', join(dir, 'nowhere.ts')]);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /nowhere\.ts/);
  });
});
