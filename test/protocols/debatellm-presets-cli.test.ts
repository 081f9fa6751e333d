import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-debatellm-presets-'));
let server: FakeOpenAiServer;

/** The moderator decides for the negative side after round 1; the sides answer A (affirmative) and B (negative). */
function behave(request: RecordedRequest): FakeBehavior {
  const messages = request.body.messages;
  if (messages[0]?.content.startsWith('You are a moderator.')) {
    const decided = messages.filter((message) => message.role === 'assistant').length >= 1;
    return { kind: 'reply', text: JSON.stringify({ 'Whether there is a preference': decided ? 'Yes' : 'No', 'Supported Side': decided ? 'Negative' : '', Reason: 'r', debate_answer: decided ? 'B' : '' }) };
  }
  const last = messages.at(-1)!.content;
  return { kind: 'reply', text: `I reason about it.\nAnswer: ${/You are Negative\./.test(last) ? 'B' : 'A'}` };
}

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: behave });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DebateLLM presets through quorum run on a fake OpenAI server', () => {
  it('multi-persona: two named sides, the moderator ends the debate after round 1 with its answer', { timeout: 120_000 }, async () => {
    const db = join(dir, 'mp.db');
    const result = await runInProcess(['run', '--protocol', 'multi-persona', '--dataset', 'demo', '--limit', '2', '--backend', `openai:fake@${server.url}`, '--judge', `openai:moderator@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { runId: string; calls: number; agents: Array<{ name: string }> };
    assert.deepEqual(report.agents.map((agent) => agent.name), ['Affirmative', 'Negative']);
    // per question: round 0 (2 sides + moderator undecided), round 1 (2 sides + moderator decides) = 6 calls
    assert.equal(report.calls, 2 * 6);
    const store = await openStore(db);
    try {
      for (const unit of await store.listUnits(report.runId)) {
        const events = await store.getEvents(unit.id);
        const final = eventsOfType(events, 'final')[0]!;
        assert.equal(final.answer.value, 'B');
        assert.equal(final.aggregate, 'moderator');
        assert.equal(final.roundsRun, 2);
        assert.deepEqual(final.agreement, ['Negative'], 'the moderator is not in the agreement set');
        const moderatorTurns = eventsOfType(events, 'turn').filter((turn) => turn.agent !== 'Affirmative' && turn.agent !== 'Negative');
        assert.equal(moderatorTurns.length, 2);
        assert.equal(moderatorTurns[1]!.saw.length, 5, 'four sides\' turns and its own round-0 reply');
      }
    } finally {
      await store.close();
    }
  });

  it('ensemble-refinement: k paths and m refinements, one agent', { timeout: 120_000 }, async () => {
    const db = join(dir, 'er.db');
    const result = await runInProcess(['run', '--protocol', 'ensemble-refinement', '--samples', '3', '--dataset', 'demo', '--limit', '1', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { calls: number; agents: Array<{ name: string }> };
    assert.deepEqual(report.agents.map((agent) => agent.name), ['Solver']);
    assert.equal(report.calls, 3 + 33, 'three paths, the paper\'s 33 refinements');
  });
});
