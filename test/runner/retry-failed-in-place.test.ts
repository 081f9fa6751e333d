/**
 * Failed units are redone in place (issue "failures you can recover from"):
 * the same command runs each failed unit of its run once more, reusing the
 * unit's cached successful calls, and keeps the earlier failure as history.
 * Requests are counted at the fake server, so "exactly once" and "the others
 * untouched" are measured, not inferred from quorum's own report.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FakeOpenAiServer, type RecordedRequest } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-retry-in-place-'));
let server: FakeOpenAiServer;
/** Requests for the failing question still to be refused with a 400 (not retried by the backend). */
let refusalsLeft = 0;

const asks = (request: RecordedRequest, word: string) => request.body.messages.some((message) => JSON.stringify(message.content).includes(word));

before(async () => {
  server = await FakeOpenAiServer.start({
    fallback: (request) => {
      if ((asks(request, 'scurvy') || asks(request, '[q1]')) && refusalsLeft > 0) {
        refusalsLeft -= 1;
        return { kind: 'status', status: 400, message: 'refused for the test' };
      }
      return { kind: 'reply', text: 'Reasoning.\nAnswer: C', promptTokens: 10, completionTokens: 2 };
    },
  });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Requests the server received since `from`, split into those for `word`'s question and the rest. */
function requestsSince(from: number, word: string): { failing: number; others: number } {
  const recent = server.requests.slice(from);
  const failing = recent.filter((request) => asks(request, word)).length;
  return { failing, others: recent.length - failing };
}

interface ExportLine {
  unit: { questionId: string; status: string };
  events: Array<{ type: string }>;
  earlierFailures?: Array<{ attempt: number; events: Array<{ type: string; message?: string }> }>;
}

describe('quorum run: failed units are redone in place', () => {
  it('the same command runs a failed unit exactly once more, its cached call reused, the earlier failure kept', async () => {
    const db = join(dir, 'run.db');
    // demo-01..03, two agents each: one call of the scurvy question (demo-02) is refused
    const args = ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '3', '--agents', '2', '--backend', `openai:m@${server.url}`, '--db', db, '--json'];
    refusalsLeft = 1;
    let mark = server.requests.length;
    const first = await runInProcess(args);
    assert.equal(first.code, 1, first.stderr);
    const report = JSON.parse(first.stdout) as { runId: string; failed: number };
    assert.equal(report.failed, 1);
    assert.deepEqual(requestsSince(mark, 'scurvy'), { failing: 2, others: 4 });
    assert.match(first.stderr, /hint: .*repeat the command to run each failed unit once more, in this run/);
    assert.match((await runInProcess(['show', report.runId, '--db', db])).stdout, new RegExp(`^run ${report.runId} \\(done, 1 failed\\)`, 'm'));
    assert.match((await runInProcess(['runs', '--db', db])).stdout, /done, 1 failed/);

    // --no-retry-failed keeps it failed: nothing is sent
    mark = server.requests.length;
    const kept = await runInProcess([...args, '--no-retry-failed']);
    const keptReport = JSON.parse(kept.stdout) as { runId: string; existing: boolean; executed: number; failed: number };
    assert.deepEqual([keptReport.runId, keptReport.existing, keptReport.executed, keptReport.failed], [report.runId, true, 0, 1]);
    assert.equal(server.requests.length - mark, 0);

    // still broken: the same command tries once more — one request, the agent whose call succeeded comes from the cache
    refusalsLeft = 1;
    mark = server.requests.length;
    const again = JSON.parse((await runInProcess(args)).stdout) as { runId: string; resumed: boolean; retried: number; executed: number; failed: number };
    assert.deepEqual([again.runId, again.resumed, again.retried, again.executed, again.failed], [report.runId, true, 1, 1, 1]);
    assert.deepEqual(requestsSince(mark, 'scurvy'), { failing: 1, others: 0 });

    // fixed: exactly one new request, for that unit; --retry-failed is still accepted (the default now)
    mark = server.requests.length;
    const fixed = await runInProcess([...args, '--retry-failed']);
    assert.equal(fixed.code, 0, fixed.stderr);
    const fixedReport = JSON.parse(fixed.stdout) as { runId: string; retried: number; executed: number; completed: number; failed: number };
    assert.deepEqual([fixedReport.runId, fixedReport.retried, fixedReport.executed, fixedReport.completed, fixedReport.failed], [report.runId, 1, 1, 3, 0]);
    assert.deepEqual(requestsSince(mark, 'scurvy'), { failing: 1, others: 0 });
    assert.match((await runInProcess(['runs', '--db', db])).stdout, new RegExp(`^${report.runId}\\s+\\S+\\s+done\\s`, 'm'));

    // one run; the unit is stored once with its new trace, the two failures as history
    assert.equal((JSON.parse((await runInProcess(['runs', '--db', db, '--json'])).stdout) as unknown[]).length, 1);
    const lines = (await runInProcess(['export', report.runId, '--db', db])).stdout.trim().split('\n').map((line) => JSON.parse(line) as ExportLine);
    const scurvy = lines.filter((line) => line.unit.questionId === 'demo-02');
    assert.equal(scurvy.length, 1);
    assert.equal(scurvy[0]!.unit.status, 'done');
    assert.deepEqual(scurvy[0]!.events.filter((event) => event.type === 'error').length, 0);
    const history = scurvy[0]!.earlierFailures ?? [];
    assert.deepEqual(history.map((failure) => failure.attempt), [1, 2]);
    for (const failure of history) assert.match(failure.events.find((event) => event.type === 'error')?.message ?? '', /refused for the test/);
    assert.ok(lines.filter((line) => line.unit.questionId !== 'demo-02').every((line) => line.earlierFailures === undefined));
  });

  it('--resume <run-id> runs the failed units of that run once more', async () => {
    const db = join(dir, 'resume.db');
    const args = ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '2', '--agents', '1', '--backend', `openai:m@${server.url}`, '--db', db, '--json'];
    refusalsLeft = 1;
    const first = JSON.parse((await runInProcess(args)).stdout) as { runId: string; failed: number };
    assert.equal(first.failed, 1);
    const mark = server.requests.length;
    const resumed = JSON.parse((await runInProcess([...args, '--resume', first.runId])).stdout) as { runId: string; retried: number; failed: number };
    assert.deepEqual([resumed.runId, resumed.retried, resumed.failed], [first.runId, 1, 0]);
    assert.deepEqual(requestsSince(mark, 'scurvy'), { failing: 1, others: 0 });
  });
});

describe('quorum study run: failed units are redone in place', () => {
  it('running the study again runs its failed units once more, in their runs', async () => {
    const questions = ['q0', 'q1', 'q2'].map((id) => JSON.stringify({ id, question: `[${id}] Which option is right?`, options: ['alpha', 'beta', 'gamma'], answer: 'C' }));
    writeFileSync(join(dir, 'questions.jsonl'), `${questions.join('\n')}\n`);
    writeFileSync(
      join(dir, 'study.yaml'),
      `name: retry\ndatasets:\n  - { name: designed, dataset: generic, path: questions.jsonl }\nbackends:\n  fake: openai:m@${server.url}\nagents: { count: 1, backend: fake }\nprotocols: [ni]\nseeds: 1-2\nconcurrency: 1\n`,
    );
    const db = join(dir, 'study.db');
    const args = ['study', 'run', join(dir, 'study.yaml'), '--db', db, '--no-audit', '--json'];
    refusalsLeft = 2; // q1 with seeds 1 and 2
    let mark = server.requests.length;
    const first = await runInProcess(args);
    assert.equal(first.code, 1, first.stderr);
    assert.match(first.stderr, /error: 2 units failed/);
    assert.deepEqual(requestsSince(mark, '[q1]'), { failing: 2, others: 4 });
    const runId = (JSON.parse(first.stdout) as { cells: Array<{ runId: string }> }).cells[0]!.runId;

    mark = server.requests.length;
    const kept = await runInProcess([...args, '--no-retry-failed']);
    assert.equal(kept.code, 1);
    assert.equal(server.requests.length - mark, 0);

    mark = server.requests.length;
    const again = await runInProcess(args);
    assert.equal(again.code, 0, again.stderr);
    const outcome = JSON.parse(again.stdout) as { status: string; cells: Array<{ runId: string; executed: number }> };
    assert.deepEqual([outcome.status, outcome.cells[0]!.runId, outcome.cells[0]!.executed], ['done', runId, 2]);
    assert.deepEqual(requestsSince(mark, '[q1]'), { failing: 2, others: 0 });
  });
});
