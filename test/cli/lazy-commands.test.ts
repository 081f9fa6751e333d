import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMMANDS, commandNameOf } from '../../src/cli/command-table.js';
import { buildProgram } from '../../src/cli/main.js';
import { quorumArgs } from '../helpers/cli.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { loadedModules } from '../helpers/loaded-modules.js';
import { runInProcess } from '../helpers/run-in-process.js';

describe('commands load when they run', () => {
  it('finds the command a command line names', () => {
    assert.equal(commandNameOf(['show', 'run-1', '--db', 'x.db']), 'show');
    assert.equal(commandNameOf(['--help']), undefined);
    assert.equal(commandNameOf(['help', 'export']), 'export');
    assert.equal(commandNameOf(['-h', 'runs']), 'runs');
  });

  it('loads only the named command: the others have no options or action yet', async () => {
    const program = await buildProgram(['show', 'run-1']);
    const byName = new Map(program.commands.map((command) => [command.name(), command]));
    assert.deepEqual([...byName.keys()], COMMANDS.map((entry) => entry.name));
    assert.ok(byName.get('show')!.options.some((option) => option.long === '--db'), 'show was loaded with its options');
    assert.equal(byName.get('run')!.options.length, 0, 'run was not loaded');
    const help = await buildProgram(['--help']);
    assert.ok(help.commands.every((command) => command.options.length === 0), '--help loads no command');
  });

  it("every summary in the table is the command's own description", async () => {
    const program = await buildProgram();
    for (const entry of COMMANDS) {
      const command = program.commands.find((candidate) => candidate.name() === entry.name);
      assert.equal(command?.description(), entry.summary, entry.name);
    }
  });

  it('--help lists every command; help <command> and <command> --help show its options', async () => {
    const top = await runInProcess(['--help']);
    assert.equal(top.code, 0);
    for (const entry of COMMANDS) assert.match(top.stdout, new RegExp(`^  ${entry.name} `, 'm'));
    for (const args of [['help', 'export'], ['export', '--help']]) {
      const result = await runInProcess(args);
      assert.equal(result.code, 0, args.join(' '));
      assert.match(result.stdout, /--preferences/, args.join(' '));
    }
    const unknown = await runInProcess(['frobnicate']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command 'frobnicate'/);
  });
});

/** The files of `files` inside `node_modules/<name>/`. */
function ofPackage(files: readonly string[], name: string): string[] {
  return files.filter((file) => file.includes(`/node_modules/${name}/`));
}

/** A migration module (the list of their names aside, which opening a store reads). */
function isMigration(file: string): boolean {
  return /\/(src|dist)\/store\/migrations\//.test(file) && !/\/migration-names\.[jt]s$/.test(file);
}

describe('what `quorum run` and `quorum show` load', () => {
  /** Whether the tests' quorum is the built bundle (else the sources through tsx, which read node_modules' zod). */
  const runsBundle = quorumArgs().some((arg) => arg.endsWith(join('dist', 'bundle', 'cli', 'bin.js')));
  let server: FakeOpenAiServer;
  const dir = mkdtempSync(join(tmpdir(), 'quorum-loaded-'));
  before(async () => {
    server = await FakeOpenAiServer.start({ fallback: () => ({ kind: 'reply', text: '{"answer": "B", "rationale": "B fits."}', promptTokens: 10, completionTokens: 5 }) });
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a run on a new SQLite file loads no kysely, no YAML reader and no progress bar; showing it loads no zod and no dataset reader either', async () => {
    const db = join(dir, 'new.db');
    const run = await loadedModules(['run', '--protocol', 'du', '--dataset', 'demo', '--limit', '2', '--rounds', '1', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(ofPackage(run.files, 'zod').length > 0 && ofPackage(run.files, 'better-sqlite3').length > 0, 'the probe sees the packages a run needs');
    // kysely: the new store's schema, the run's lookup for a run to resume, its creation and status are native statements
    for (const name of ['kysely', 'yaml', 'cli-progress']) assert.deepEqual(ofPackage(run.files, name), [], `run loaded ${name}`);
    assert.deepEqual(run.files.filter(isMigration), [], 'run on a new file loaded the migrations');
    if (runsBundle) {
      // bundled into quorum's chunks (scripts/bundle.ts): their many files are not read one by one
      for (const name of ['zod', 'commander', '@commander-js/extra-typings']) {
        assert.deepEqual(ofPackage(run.read, name), [], `run read ${name} from node_modules`);
        assert.ok(ofPackage(run.files, name).length > 0, `run did not run ${name} from the bundle`);
      }
    }
    const runId = (JSON.parse(run.stdout) as { runId: string }).runId;

    const show = await loadedModules(['show', runId, '--db', db, '--json']);
    assert.equal(show.code, 0, show.stderr);
    assert.equal((JSON.parse(show.stdout) as { runId: string }).runId, runId);
    assert.ok(ofPackage(show.files, 'better-sqlite3').length > 0, 'the probe sees the store');
    // zod validates what is written; showing a run writes nothing
    for (const name of ['kysely', 'zod', 'yaml', 'cli-progress']) assert.deepEqual(ofPackage(show.files, name), [], `show loaded ${name}`);
    if (runsBundle) for (const name of ['zod', 'commander']) assert.deepEqual(ofPackage(show.read, name), [], `show read ${name} from node_modules`);
    assert.deepEqual(show.files.filter((file) => /\/(src|dist)\/datasets\//.test(file)), [], 'show of a debate run loaded dataset readers');
    assert.deepEqual(show.files.filter(isMigration), [], 'show of a current store loaded the migrations');
  });

  it('a run against an http:// server loads no node:https, node:tls or node:worker_threads', async () => {
    const run = await loadedModules(['run', '--protocol', 'du', '--dataset', 'demo', '--limit', '2', '--rounds', '1', '--backend', `openai:fake@${server.url}`, '--db', join(dir, 'http.db'), '--json']);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.builtins.includes('node:http'), `the probe sees the built-ins a run needs: ${run.builtins.join(', ')}`);
    // https and tls: the JSON transport loads them for its first https:// URL; worker_threads: the OCR service, for its first image
    for (const name of ['node:https', 'node:tls', 'node:worker_threads']) assert.ok(!run.builtins.includes(name), `run loaded ${name}`);
  });
});
