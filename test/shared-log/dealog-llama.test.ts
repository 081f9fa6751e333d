import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { mmqaLoader } from '../../src/datasets/multimodalqa.js';
import { startRun, uniformAgents } from '../../src/runner/start-run.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { testModelPath } from '../helpers/test-model.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-dealog-llama-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('dealog on the generated GGUF model', () => {
  it('completes a table+text item with grammar-constrained replies and stores its log', { timeout: 600_000 }, async (t) => {
    const model = await testModelPath();
    const store = await openStore(join(dir, 'llama.db'));
    try {
      // The table + text question of the written MultiModalQA sample: short prompts, no OCR.
      const questions = (await mmqaLoader.load(undefined, { limit: 2 })).slice(1);
      const started = Date.now();
      const outcome = await startRun({
        store,
        protocol: 'dealog',
        overrides: { rounds: 2 },
        dataset: { name: 'mmqa', path: 'default:mmqa', questions },
        agents: uniformAgents(5, `llama:${model}`, { temperature: 0.8, maxTokens: 700 }),
        seeds: [1],
        concurrency: 1,
        llama: { threads: 1, quiet: true },
      });
      const [unit] = await store.listUnits(outcome.runId);
      const events = await store.getEvents(unit!.id);
      t.diagnostic(`dealog on the test GGUF: ${Date.now() - started} ms, ${eventsOfType(events, 'turn').length} calls, ${eventsOfType(events, 'log-entry').length} log entries`);
      assert.equal(unit!.status, 'done', JSON.stringify(eventsOfType(events, 'error')));
      const turns = eventsOfType(events, 'turn');
      assert.ok(turns.length >= 3);
      for (const turn of turns) {
        assert.equal(turn.structured, 'grammar');
        if (turn.finishReason === 'stop') assert.equal(turn.parsed.source, 'json', turn.text);
      }
      assert.ok(turns.some((turn) => turn.agent === 'TableAgent') && turns.some((turn) => turn.agent === 'ContextAgent'));
      const entries = eventsOfType(events, 'log-entry');
      assert.ok(entries.length > 0);
      assert.deepEqual(entries.map((entry) => entry.logSeq), entries.map((_, index) => index));
      // Random weights: evidence is noise, so the provenance check rejects most of it, and says why.
      assert.ok(entries.filter((entry) => !entry.accepted).every((entry) => (entry.rejection ?? '') !== ''));
      const final = eventsOfType(events, 'final');
      assert.equal(final.length, 1);
      assert.ok(final[0]!.roundsRun >= 1 && final[0]!.roundsRun <= 2);
    } finally {
      await store.close();
    }
  });
});
