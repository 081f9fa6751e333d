import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { collect, runCli, spawnCli } from '../helpers/cli.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-resume-'));
let server: FakeOpenAiServer;

before(async () => {
  server = await FakeOpenAiServer.start({ latencyMs: 25, fallback: { kind: 'reply', text: 'The vignette points one way.\nAnswer: B' } });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function count(db: string, sql: string): number {
  const connection = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return (connection.prepare(sql).get() as { n: number }).n;
  } finally {
    connection.close();
  }
}

describe('resume after SIGKILL', () => {
  it('a killed run resumes: every unit stored exactly once, finished units not redone', async () => {
    const db = join(dir, 'resume.db');
    const args = ['run', '--protocol', 'du', '--dataset', 'demo', '--seed', '1-4', '--concurrency', '2', '--backend', `openai:fake@${server.url}`, '--db', db, '--json'];
    const child = spawnCli(args);
    const finished = collect(child);
    // wait until some units are stored, then kill without warning
    for (let tries = 0; ; tries++) {
      await sleep(20);
      let done = 0;
      try {
        done = count(db, "select count(*) as n from units where status = 'done'");
      } catch {
        done = 0; // the database may not exist yet
      }
      if (done >= 3) break;
      assert.ok(tries < 1500, 'the run never stored a unit');
    }
    child.kill('SIGKILL');
    const killed = await finished;
    assert.equal(killed.signal, 'SIGKILL');
    const doneAtKill = count(db, "select count(*) as n from units where status = 'done'");
    const total = count(db, 'select count(*) as n from units');
    assert.equal(total, 40);
    assert.ok(doneAtKill >= 3 && doneAtKill < 40, `killed mid-run (done ${doneAtKill} of 40)`);

    const resumed = await runCli(args);
    assert.equal(resumed.code, 0, resumed.stderr);
    const report = JSON.parse(resumed.stdout) as { runId: string; resumed: boolean; executed: number; units: number; completed: number };
    assert.equal(report.resumed, true);
    assert.equal(report.units, 40);
    assert.equal(report.completed, 40);
    assert.equal(report.executed, 40 - doneAtKill, 'finished units are not redone');
    assert.equal(count(db, 'select count(*) as n from runs'), 1);
    assert.equal(count(db, 'select count(distinct question_id || \'/\' || seed) as n from units'), 40);
    // du: 3 agents × 2 rounds (round 0 + one debate round) = 6 turns, 2 votes, 1 final per unit; no duplicated events
    assert.equal(count(db, 'select count(*) as n from events'), 40 * 9);
    assert.equal(count(db, "select count(*) as n from (select unit_id from events where type = 'final' group by unit_id having count(*) = 1)"), 40);
  });
});
