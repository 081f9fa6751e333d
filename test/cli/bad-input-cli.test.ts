/**
 * Bad input, all of it (issue "failures you can recover from", item 6): every
 * bad dataset line, pathological lines and YAML, special and foreign --db
 * files, no database left by a command that fails before storing anything,
 * and signals that stop a run quickly and leave it resumable.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Sqlite from 'better-sqlite3';
import { collect, spawnCli } from '../helpers/cli.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-bad-input-'));
let server: FakeOpenAiServer;

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Reasoning.\nAnswer: A', promptTokens: 5, completionTokens: 2 } });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const good = (id: string) => JSON.stringify({ id, question: `Question ${id}?`, options: ['yes', 'no'], answer: 'A' });
const runArgs = (data: string, db: string) => ['run', '--protocol', 'ni', '--agents', '1', '--data', data, '--backend', `openai:m@${server.url}`, '--db', db];

describe('a dataset file', () => {
  it('reports every bad line: the first 20 with file:line: field, then how many more', async () => {
    const file = join(dir, 'garbage.jsonl');
    // line 1 good, lines 2–1001 garbage, line 1002 a record without its answer
    const lines = [good('q1'), ...Array.from({ length: 1000 }, (_, index) => `garbage ${index}`), JSON.stringify({ id: 'q2', question: 'Which?' })];
    writeFileSync(file, `${lines.join('\n')}\n`);
    const db = join(dir, 'garbage.db');
    const result = await runInProcess(runArgs(file, db));
    assert.equal(result.code, 2, result.stderr);
    const stderr = result.stderr.split('\n');
    assert.equal(stderr[0], `error: ${file}: 1001 bad lines (the first 20 below):`);
    assert.equal(stderr[1], `  ${file}:2: invalid JSON (Unexpected token 'g', "garbage 0" is not valid JSON)`);
    assert.equal(stderr[20], `  ${file}:21: invalid JSON (Unexpected token 'g', "garbage 19" is not valid JSON)`);
    assert.equal(stderr[21], '  and 981 more');
    assert.equal(existsSync(db), false, 'no database for a command that failed on its input');
  });

  it('lists field errors of several lines with their fields', async () => {
    const file = join(dir, 'fields.jsonl');
    writeFileSync(file, [good('a'), JSON.stringify({ id: 'b', question: 'Which?' }), JSON.stringify({ id: 'c', question: 'Which?', options: ['x', 'y'], answer: 'Q' }), good('a')].join('\n'));
    const result = await runInProcess(runArgs(file, join(dir, 'fields.db')));
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^error: \S+fields\.jsonl: 3 bad lines:\n/);
    assert.match(result.stderr, /fields\.jsonl:2: answer: missing; give the gold answer/);
    assert.match(result.stderr, /fields\.jsonl:3: answer: "Q" is not one of the option letters \(A, B\)/);
    assert.match(result.stderr, /fields\.jsonl:4: id: duplicate id "a" \(first on line 1\)/);
  });

  it('refuses a line nested thousands deep with its file and line (was a stack overflow naming nothing)', async () => {
    const file = join(dir, 'deep.jsonl');
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    writeFileSync(file, `${good('q1')}\n${good('q2').replace(/}$/, `,"meta":{"deep":${deep}}}`)}\n`);
    const result = await runInProcess(runArgs(file, join(dir, 'deep.db')));
    assert.equal(result.code, 2);
    // meta object (1) + the outer object (1) + 100,000 arrays
    assert.match(result.stderr, new RegExp(`^error: ${file.replace(/[.]/g, '\\.')}, line 2: arrays and objects nested 100002 deep \\(at most 64\\)\\n`));
  });

  it('refuses a huge line with its size', async () => {
    const file = join(dir, 'huge.jsonl');
    writeFileSync(file, `${good('q1')}\n${JSON.stringify({ id: 'q2', question: 'x'.repeat(9 * 2 ** 20), answer: 'A', options: ['a', 'b'] })}\n`);
    const result = await runInProcess(runArgs(file, join(dir, 'huge.db')));
    assert.equal(result.code, 2);
    assert.match(result.stderr, /huge\.jsonl, line 2: the line is 9\.0 MiB long \(at most 8 MiB\)/);
  });
});

describe('a YAML alias bomb', () => {
  // nine levels of nine aliases: 9^9 strings once expanded ("billion laughs")
  const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((name, index) => `${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[index]}`).join(',')}]`)].join('\n');
  for (const [command, file] of [
    ['run', 'bomb.run.yaml'],
    ['study run', 'bomb.study.yaml'],
  ] as const) {
    it(`in ${file} is refused naming the file (quorum ${command})`, async () => {
      const path = join(dir, file);
      writeFileSync(path, `${bomb}\n`);
      const db = join(dir, `${file}.db`);
      const result = await runInProcess(command === 'run' ? ['run', '--config', path, '--db', db] : ['study', 'run', path, '--db', db]);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, new RegExp(`^error: ${path.replace(/[.]/g, '\\.')}: its aliases \\(\\*name\\) expand too far to read`));
      assert.equal(existsSync(db), false);
    });
  }
});

describe('--db', () => {
  it('under /proc fails at once with the folder it cannot create (was a busy loop deaf to signals)', async () => {
    const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', `openai:m@${server.url}`, '--db', '/proc/nope/x.db']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^error: cannot create the folder \/proc\/nope for the SQLite store \/proc\/nope\/x\.db \(ENOENT\)\nhint: check the --db path/);
  });

  it('on a device or a folder is refused', async () => {
    for (const [path, kind] of [
      ['/dev/null', 'a device'],
      [dir, 'a folder'],
    ] as const) {
      const result = await runInProcess(['runs', '--db', path]);
      assert.equal(result.code, 1);
      assert.match(result.stderr, new RegExp(`^error: cannot use ${path.replace(/[.]/g, '\\.')} as a SQLite store: it is ${kind}, not a file`));
    }
  });

  it('with an invalid --backend creates no database file', async () => {
    const db = join(dir, 'bad-backend.db');
    const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', 'bogus:thing', '--db', db]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /invalid backend spec "bogus:thing"/);
    for (const file of [db, `${db}-wal`, `${db}-shm`]) assert.equal(existsSync(file), false, file);
  });

  it("on another application's SQLite file is refused and the file left as it was", async () => {
    const db = join(dir, 'shop.db');
    const other = new Sqlite(db);
    other.exec("create table customers (id integer primary key, name text); insert into customers (name) values ('Ada')");
    other.close();
    const before = readFileSync(db);
    const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', `openai:m@${server.url}`, '--db', db]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /shop\.db is a SQLite database of another application \(tables: customers\), not a quorum store; quorum leaves it unchanged/);
    assert.deepEqual(readFileSync(db), before);
    const reopened = new Sqlite(db, { readonly: true });
    assert.deepEqual(reopened.prepare("select name from sqlite_master where type = 'table'").pluck().all(), ['customers']);
    reopened.close();
  });

  it('that was cut short says so, with its size and the size its header gives', async () => {
    const db = join(dir, 'cut.db');
    const run = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '2', '--backend', `openai:m@${server.url}`, '--db', db]);
    assert.equal(run.code, 0, run.stderr);
    // the header's page size (offset 16) and page count (offset 28), read independently of quorum
    const header = readFileSync(db).subarray(0, 100);
    const pageSize = header.readUInt16BE(16);
    const pages = header.readUInt32BE(28);
    assert.equal(statSync(db).size, pageSize * pages);
    truncateSync(db, 3 * pageSize);
    const result = await runInProcess(['runs', '--db', db]);
    assert.equal(result.code, 1);
    assert.match(result.stderr, new RegExp(`cut\\.db is a SQLite database cut short: ${3 * pageSize} bytes, but its header says ${pages} pages of ${pageSize} bytes \\(${pages * pageSize} bytes\\)`));
    assert.match(result.stderr, /hint: restore it from a backup or rebuild it from a JSONL export/);
  });
});

describe('a signal', () => {
  it('SIGTERM stops a run waiting on a hung server within 2 s, leaving it resumable', async () => {
    let hang = true;
    const flaky = await FakeOpenAiServer.start({ fallback: () => (hang ? { kind: 'hang' } : { kind: 'reply', text: 'Reasoning.\nAnswer: A' }) });
    try {
      const db = join(dir, 'signal.db');
      const args = ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '3', '--agents', '1', '--backend', `openai:m@${flaky.url}`, '--db', db, '--json'];
      const child = spawnCli(args);
      const done = collect(child);
      // wait until the run's calls are at the server (and hanging there)
      while (flaky.stats.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const sent = Date.now();
      child.kill('SIGTERM');
      const result = await done;
      const tookMs = Date.now() - sent;
      assert.ok(tookMs < 2000, `stopped ${tookMs} ms after SIGTERM`);
      assert.equal(result.code, 130, result.stderr);
      const stopped = JSON.parse(result.stdout) as { runId: string; status: string };
      assert.equal(stopped.status, 'interrupted');
      hang = false;
      const resumed = await runInProcess(args);
      assert.equal(resumed.code, 0, resumed.stderr);
      const report = JSON.parse(resumed.stdout) as { runId: string; resumed: boolean; completed: number; failed: number };
      assert.deepEqual([report.runId, report.resumed, report.completed, report.failed], [stopped.runId, true, 3, 0]);
    } finally {
      await flaky.close();
    }
  });
});
