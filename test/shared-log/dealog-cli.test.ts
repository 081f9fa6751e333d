import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { hasSharedData } from '../datasets/shared-data-path.js';
import { fakeRoleReply } from './fake-roles-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-dealog-cli-'));
let server: FakeOpenAiServer;
before(async () => {
  server = await FakeOpenAiServer.start({ fallback: fakeRoleReply });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function unitsOf(db: string, runId: string) {
  const store = await openStore(db);
  try {
    const units = await store.listUnits(runId);
    return await Promise.all(units.map(async (unit) => ({ unit, events: await store.getEvents(unit.id) })));
  } finally {
    await store.close();
  }
}

describe('quorum run --protocol dealog through the CLI on a fake OpenAI server', () => {
  it('runs FinQA items end to end with five role agents', { timeout: 120_000 }, async (t) => {
    if (!hasSharedData('finqa', 'dev.json')) return t.skip('shared FinQA sample absent');
    const db = join(dir, 'finqa.db');
    const result = await runInProcess(['run', '--protocol', 'dealog', '--dataset', 'finqa', '--limit', '2', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { runId: string; units: number; failed: number; calls: number };
    assert.equal(report.failed, 0);
    const units = await unitsOf(db, report.runId);
    assert.equal(units.length, 2);
    for (const { unit, events } of units) {
      assert.equal(unit.status, 'done');
      const turns = eventsOfType(events, 'turn');
      assert.deepEqual([...new Set(turns.map((turn) => turn.agent))].sort(), ['ContextAgent', 'SummarizingAgent', 'TableAgent', 'VerificationAgent']);
      assert.ok(turns.every((turn) => turn.structured === 'native' && turn.usage.promptTokens === 200));
      const entries = eventsOfType(events, 'log-entry');
      assert.ok(entries.some((entry) => entry.entryType === 'LOOKUP' && entry.accepted), JSON.stringify(entries.filter((entry) => !entry.accepted)));
      assert.ok(entries.some((entry) => entry.entryType === 'QUOTE' && entry.accepted));
      assert.ok(entries.some((entry) => entry.entryType === 'ANSWER'));
      assert.equal(eventsOfType(events, 'verify').length, 1);
      const final = eventsOfType(events, 'final')[0]!;
      assert.equal(final.answer.status, 'ok');
      assert.equal(final.aggregate, 'verified-answer');
      assert.equal(final.roundsRun, 1);
    }
    const run = await (async () => {
      const store = await openStore(db);
      try {
        return await store.getRun(report.runId);
      } finally {
        await store.close();
      }
    })();
    assert.deepEqual(run?.config.agents.map((agent) => agent.name), ['TableAgent', 'ContextAgent', 'VisualAgent', 'SummarizingAgent', 'VerificationAgent']);
    assert.equal(run?.config.protocol.params['maxRounds'], 6);
  });

  it('runs the MultiModalQA sample, reading the poster with OCR, and takes --rounds', { timeout: 240_000 }, async () => {
    const db = join(dir, 'mmqa.db');
    const result = await runInProcess(['run', '--protocol', 'dealog', '--dataset', 'mmqa', '--rounds', '2', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { runId: string; failed: number };
    assert.equal(report.failed, 0);
    const units = await unitsOf(db, report.runId);
    assert.equal(units.length, 4);
    const poster = units.find(({ unit }) => unit.questionId === 'mmqa:c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7')!;
    const visual = eventsOfType(poster.events, 'log-entry').find((entry) => entry.entryType === 'VISUAL');
    assert.ok(visual !== undefined && visual.accepted, JSON.stringify(visual));
    assert.match(visual.content, /^THE QUIET ?HARBOR$/, 'OCR sometimes drops the space in a title line');
    assert.ok((visual.meta['confidence'] as number) >= 0.5);
    const textOnly = units.find(({ unit }) => unit.questionId === 'mmqa:d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8')!;
    assert.deepEqual([...new Set(eventsOfType(textOnly.events, 'turn').map((turn) => turn.agent))].sort(), ['ContextAgent', 'SummarizingAgent', 'VerificationAgent']);
  });

  it('refuses debate-only flags for dealog', async () => {
    const result = await runInProcess(['run', '--protocol', 'dealog', '--dataset', 'mmqa', '--drafts', '2', '--backend', `openai:fake@${server.url}`, '--db', join(dir, 'bad.db')]);
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /--drafts does not apply to dealog/);
  });
});
