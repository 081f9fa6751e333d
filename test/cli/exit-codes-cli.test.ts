import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { collect, quorumArgs, REPO_ROOT, spawnCli } from '../helpers/cli.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { escapeRegExp } from '../../src/util/escape-reg-exp.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-exit-'));
let server: FakeOpenAiServer;

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Reasoning.\nAnswer: B', promptTokens: 10, completionTokens: 5 } });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('exit codes: 2 for bad input with a hint, 1 for failures', () => {
  const usage: Array<[string, string[], RegExp]> = [
    ['an unknown option', ['run', '--protocol', 'ni', '--bogus'], /^error: unknown option '--bogus'\nhint: `quorum run --help` lists the options\n$/],
    ['a flag value that is not a number', ['run', '--limit', 'abc'], /^error: option '--limit <n>' argument 'abc' is invalid\. expected a whole number ≥ 1, got "abc"\nhint: `quorum run --help`/],
    ['zero agents', ['run', '--agents', '0'], /argument '0' is invalid\. expected a whole number ≥ 1, got "0"\nhint: /],
    ['an unknown command', ['frobnicate'], /^error: unknown command 'frobnicate'\nhint: `quorum --help` lists the commands and options\n$/],
    ['a nested unknown option', ['study', 'report', 'x', '--nope'], /^error: unknown option '--nope'\nhint: `quorum study report --help` lists the options\n$/],
    ['a missing argument', ['show'], /^error: missing required argument 'run-id'\nhint: /],
  ];
  for (const [what, args, stderr] of usage) {
    it(`${what} exits 2 with a hint`, async () => {
      const result = await runInProcess(args);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, stderr);
      assert.equal(result.stdout, '');
    });
  }

  it('--help and --version exit 0', async () => {
    assert.equal((await runInProcess(['--help'])).code, 0);
    assert.equal((await runInProcess(['run', '--help'])).code, 0);
    assert.equal((await runInProcess(['--version'])).code, 0);
  });

  it('a failing backend exits 1', async () => {
    // the server answers every call 404 (no such model): every unit fails (a failure, not bad input). Not retried,
    // unlike a refused connection, whose retries (docs/backends.md, "Retry") waited 4-7 s here and test nothing of the exit code
    const failing = await FakeOpenAiServer.start({ fallback: { kind: 'status', status: 404, message: 'The model `m` does not exist' } });
    try {
      const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--agents', '1', '--backend', `openai:m@${failing.url}`, '--db', join(dir, 'fail.db'), '--json']);
      assert.equal(result.code, 1, result.stderr);
      assert.match(result.stderr, /^error: 1 of 1 units failed/m);
      assert.ok(failing.requests.length >= 1, 'the backend was called');
    } finally {
      await failing.close();
    }
  });
});

describe('--db of a missing file', () => {
  for (const args of [['runs'], ['show', 'run-x'], ['export', 'run-x'], ['audit', 'run-x'], ['study', 'list'], ['ui', '--port', '0']]) {
    it(`${args[0]} refuses it with a hint and creates nothing`, async () => {
      const db = join(dir, `typo-${args[0]}.db`);
      const result = await runInProcess([...args, '--db', db]);
      assert.equal(result.code, 2);
      assert.match(result.stderr, new RegExp(`^error: no database at ${escapeRegExp(db)}\nhint: check --db \\(default \\./quorum\\.db\\)`));
      assert.equal(existsSync(db), false);
    });
  }

  it('runs --create starts an empty database', async () => {
    const db = join(dir, 'new.db');
    const result = await runInProcess(['runs', '--db', db, '--create']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout, `no runs in ${db}\n`);
    assert.equal(existsSync(db), true);
  });

  it('run creates its database', async () => {
    const db = join(dir, 'fresh.db');
    const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(existsSync(db), true);
  });
});

describe('a closed pipe', () => {
  it('`quorum export … | head -n 1` ends quietly with exit code 0', async () => {
    const db = join(dir, 'pipe.db');
    // 10 questions × 8 seeds × 3 agents: far more JSONL than a pipe buffers, so export is still writing when head exits
    const run = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--seed', '1-8', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const { runId } = JSON.parse(run.stdout) as { runId: string };
    const quorum = [process.execPath, ...quorumArgs()].map((arg) => `'${arg}'`).join(' ');
    const script = `${quorum} export ${runId} --db '${db}' | head -n 1 > /dev/null; echo "exit \${PIPESTATUS[0]}"`;
    const result = spawnSync('bash', ['-c', script], { cwd: REPO_ROOT, encoding: 'utf8' });
    assert.equal(result.stdout, 'exit 0\n');
    assert.equal(result.stderr, '');
  });
});

describe('an interrupt', () => {
  it('Ctrl-C during a run exits 130, keeps what is stored and says how to resume', async () => {
    const hanging = await FakeOpenAiServer.start({ fallback: { kind: 'hang' } });
    try {
      const db = join(dir, 'interrupted.db');
      const child = spawnCli(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '2', '--backend', `openai:m@${hanging.url}`, '--db', db]);
      // the first progress line means the run has started its units (and is waiting on the server)
      await new Promise<void>((resolve) => child.stderr!.on('data', (chunk: Buffer) => (chunk.toString().includes('units 0/2') ? resolve() : undefined)));
      child.kill('SIGINT');
      const result = await collect(child);
      assert.equal(result.code, 130, result.stderr);
      assert.match(result.stderr, /interrupted: finishing nothing new; stored units are kept\. Run the same command again to resume\./);
      assert.match(result.stdout, /run interrupted: repeat the command to resume run-/);
    } finally {
      await hanging.close();
    }
  });
});
