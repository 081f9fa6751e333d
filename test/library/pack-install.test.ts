/**
 * The package as a researcher gets it: `npm pack` quorum, install the
 * tarball into a fresh project without any download (the tarball is
 * unpacked as npm would, and its dependencies are the repository's
 * installed ones, linked: nothing is fetched or compiled), and there use
 * only `quorum` — the example plugin (examples/plugin/solve-check.mjs, a
 * protocol and a metric) from a script on the scripted backend, through
 * `quorum run --protocol ./solve-check.mjs`, and through a queued study
 * whose worker loads the plugin from the run's record. Expected values are
 * by hand: the Solver says B and the Checker C on demo-01 (gold B) and
 * demo-02 (gold C), so accuracy is 0/1 and the Checker changed both answers.
 * Needs a built dist/ (npm ci builds it); the queued part needs
 * DATABASE_URL and REDIS_URL (see test/queue/test-services.ts).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';
import { openPostgresStore } from '../../src/store/postgres/open-postgres-store.js';
import type { TraceStore } from '../../src/spec/store.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { requireServices, testQueueName, testSchema } from '../queue/test-services.js';

const run = promisify(execFile);
const built = existsSync(join(REPO_ROOT, 'dist', 'index.js')) && existsSync(join(REPO_ROOT, 'dist', 'testing', 'index.js'));

// the Solver says B, the Checker C, whatever the question: a reply is a function of the request
const reply = (text: string): string => (text.includes('A colleague answered') ? 'On reflection: C.\nAnswer: C' : 'I think B.\nAnswer: B');

/** The stored turns of every unit of a store's runs of `solve-check`, by question. */
async function solveCheckUnits(store: TraceStore): Promise<Map<string, { status: string; turns: Array<string | null>; final: string | null; plugins: string[] }>> {
  const units = new Map<string, { status: string; turns: Array<string | null>; final: string | null; plugins: string[] }>();
  for (const listing of await store.listRuns()) {
    const config = (await store.getRun(listing.id))!.config;
    if (config.protocol.name !== 'solve-check') continue;
    for (const unit of await store.listUnits(listing.id)) {
      const events = await store.getEvents(unit.id);
      const turns = events.flatMap((event) => (event.type === 'turn' ? [event.parsed.answer.value] : []));
      const final = events.find((event) => event.type === 'final');
      units.set(unit.questionId, { status: unit.status, turns, final: final?.type === 'final' ? final.answer.value : null, plugins: config.plugins ?? [] });
    }
  }
  return units;
}

describe('the packed quorum in a fresh project', { skip: built ? false : 'dist/ is not built: run npm run build (npm ci does) to pack the package' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-pack-'));
  const project = join(dir, 'project');
  const bin = join(project, 'node_modules', 'quorum', 'bin', 'quorum.js');
  let server: FakeOpenAiServer;

  before(async () => {
    const packed = await run('npm', ['pack', REPO_ROOT, '--ignore-scripts', '--pack-destination', dir, '--silent'], { cwd: dir });
    const tarball = join(dir, packed.stdout.trim().split('\n').at(-1)!);
    mkdirSync(join(project, 'node_modules'), { recursive: true });
    await run('tar', ['-xzf', tarball, '-C', join(project, 'node_modules')]);
    renameSync(join(project, 'node_modules', 'package'), join(project, 'node_modules', 'quorum'));
    // the dependencies as installed for the repository (compiled native modules included): offline, in seconds
    symlinkSync(realpathSync(join(REPO_ROOT, 'node_modules')), join(project, 'node_modules', 'quorum', 'node_modules'), 'dir');
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'my-research', private: true, type: 'module' })}\n`);
    for (const file of ['solve-check.mjs', 'run-solve-check.mjs']) cpSync(join(REPO_ROOT, 'examples', 'plugin', file), join(project, file));
    server = await FakeOpenAiServer.start({ fallback: (request) => ({ kind: 'reply', text: reply(JSON.stringify(request.body.messages)) }) });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ships the built entry points the exports map names, and the tests its suites', () => {
    const files = readdirSync(join(project, 'node_modules', 'quorum', 'dist', 'testing'));
    for (const file of ['index.js', 'index.d.ts', 'trace-store-suite.js', 'embedding-suite.js', 'nli-suite.js', 'chat-backend-suite.js']) assert.ok(files.includes(file), file);
    assert.ok(existsSync(join(project, 'node_modules', 'quorum', 'dist', 'index.d.ts')));
  });

  it('defines a protocol and a metric with imports from quorum only, and runs them from a script on the scripted backend', async () => {
    const { stdout } = await run(process.execPath, ['run-solve-check.mjs'], { cwd: project });
    const result = JSON.parse(stdout) as { calls: number; metrics: Record<string, { values: Array<number | null>; mean: number | null }> };
    assert.equal(result.calls, 4, 'two questions, two calls each');
    assert.deepEqual(result.metrics['checker_changed'], { values: [1, 1], mean: 1 });
    assert.deepEqual(result.metrics['accuracy'], { values: [0, 1], mean: 0.5 });
  });

  it('runs the same plugin through quorum run --protocol ./solve-check.mjs', async () => {
    await run(process.execPath, [bin, 'run', '--protocol', './solve-check.mjs', '--dataset', 'demo', '--limit', '2', '--backend', `openai:fake@${server.url}`, '--db', 'runs.db', '--json'], { cwd: project });
    const store = await openSqliteStore(join(project, 'runs.db'), { readonly: true });
    try {
      const units = await solveCheckUnits(store);
      assert.deepEqual([...units.keys()].sort(), ['demo-01', 'demo-02']);
      for (const unit of units.values()) {
        assert.deepEqual({ status: unit.status, turns: unit.turns, final: unit.final }, { status: 'done', turns: ['B', 'C'], final: 'C' });
        assert.deepEqual(unit.plugins, [join(realpathSync(project), 'solve-check.mjs')]);
      }
    } finally {
      await store.close();
    }
  });

  it('reports a plugin file that defines no protocol, naming the file', async () => {
    writeFileSync(join(project, 'not-a-plugin.mjs'), 'export default { name: "x" };\n');
    const failed = await run(process.execPath, [bin, 'run', '--protocol', './not-a-plugin.mjs', '--dataset', 'demo', '--limit', '1', '--db', 'runs.db'], { cwd: project }).then(
      () => assert.fail('the run should fail'),
      (error: { code: number; stderr: string }) => error,
    );
    assert.notEqual(failed.code, 0);
    assert.match(failed.stderr, /not-a-plugin\.mjs/);
    assert.match(failed.stderr, /defineProtocol/);
  });

  const services = requireServices('DATABASE_URL', 'REDIS_URL');
  if (services !== undefined) {
    it('runs the plugin in a queued study: the worker process loads it from the run record', async () => {
      const schema = testSchema(services.DATABASE_URL, 'pack');
      const queue = new URL(services.REDIS_URL);
      queue.searchParams.set('queue', testQueueName('pack'));
      writeFileSync(
        join(project, 'study.yaml'),
        `name: plugin-study
plugins: [./solve-check.mjs]
datasets:
  - { dataset: demo, limit: 2 }
backends:
  fake: openai:fake@${server.url}
agents: { count: 2, backend: fake }
protocols: [solve-check]
seeds: [1]
audit: { enabled: false }
`,
      );
      try {
        await run(process.execPath, [bin, 'study', 'run', 'study.yaml', '--store', schema.url, '--queue', queue.href], { cwd: project });
        // the worker runs elsewhere (here: from the temporary folder), with no plugin flag: the run's record names the file
        await run(process.execPath, [bin, 'worker', '--queue', queue.href, '--store', schema.url, '--exit-when-empty'], { cwd: dir });
        const store = await openPostgresStore(schema.url, { readonly: true });
        try {
          const units = await solveCheckUnits(store);
          assert.deepEqual([...units.keys()].sort(), ['demo-01', 'demo-02']);
          for (const unit of units.values()) assert.deepEqual({ status: unit.status, turns: unit.turns, final: unit.final }, { status: 'done', turns: ['B', 'C'], final: 'C' });
        } finally {
          await store.close();
        }
      } finally {
        await schema.drop();
      }
    });
  }
});
