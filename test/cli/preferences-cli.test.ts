import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-prefs-'));
let server: FakeOpenAiServer;

/** Agents answer B in draft 0 and A in draft 1 (told apart by the sampling seed parity); the judge prefers answers "A". */
function behave(request: RecordedRequest): FakeBehavior {
  const user = request.body.messages.at(-1)!.content;
  if (request.body.response_format?.json_schema?.name === 'judge_scores') {
    const ids = [...user.matchAll(/\[(Agent [A-Z](?:#\d)?)\]\n[^\n]*\nAnswer: ([A-D])/g)];
    return { kind: 'reply', text: JSON.stringify({ scores: ids.map(([, id, answer]) => ({ id, score: answer === 'A' ? 9 : 3 })), rationale: 'A is grounded' }) };
  }
  const seed = Number(request.body.seed);
  return { kind: 'reply', text: `Thinking with seed ${seed}.\nAnswer: ${seed % 2 === 0 ? 'A' : 'B'}` };
}

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: behave });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('drafts and preference export', () => {
  it('run --drafts 2 --judge …, then export --preferences writes DPO pairs', async () => {
    const db = join(dir, 'prefs.db');
    const backend = `openai:agents@${server.url}`;
    // du-fresh: the fake judge reads "[Agent X]" blocks ending in quorum's "Answer: X" line
    const run = await runInProcess(['run', '--protocol', 'du-fresh', '--rounds', '1', '--drafts', '2', '--judge', `openai:judge@${server.url}`, '--dataset', 'demo', '--limit', '3', '--backend', backend, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { runId: string; calls: number };
    // 3 questions × 2 rounds × 3 agents × 2 drafts, plus one judge call per agent turn
    assert.equal(report.calls, 3 * 2 * 3 * 2 + 3 * 2 * 3);
    const out = join(dir, 'prefs.jsonl');
    const exported = await runInProcess(['export', report.runId, '--preferences', '--out', out, '--db', db]);
    assert.equal(exported.code, 0, exported.stderr);
    const pairs = readFileSync(out, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { prompt: unknown[]; chosen: Array<{ content: string }>; rejected: Array<{ content: string }>; rationale: string; scores: { chosen: number; rejected: number } });
    // one pair per agent turn: the picked draft against the other one
    assert.equal(pairs.length, 18);
    const split = pairs.filter((pair) => /Answer: A/.test(pair.chosen[0]!.content) !== /Answer: A/.test(pair.rejected[0]!.content));
    assert.ok(split.length > 0, 'some turns had one A draft and one B draft');
    for (const pair of pairs) {
      assert.equal(pair.prompt.length, 2);
      assert.ok(pair.scores.chosen >= pair.scores.rejected);
      assert.equal(pair.rationale, 'A is grounded');
    }
    for (const pair of split) assert.match(pair.chosen[0]!.content, /Answer: A/);
  });
});
