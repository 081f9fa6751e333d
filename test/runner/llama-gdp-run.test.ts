import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ensureTestModel } from '../../src/backends/llama/test-model/ensure-test-model.js';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { startRun, uniformAgents } from '../../src/runner/start-run.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-llama-run-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('gdp on an in-process GGUF model (the generated random-weight model)', () => {
  it('3 agents × 2 rounds on 3 questions: every turn is grammar-constrained, schema-valid JSON', async () => {
    const model = await ensureTestModel(join(dir, 'models'));
    const store = await openStore(join(dir, 'llama.db'));
    try {
      const questions = DEMO_QUESTIONS.slice(0, 3);
      const outcome = await startRun({
        store,
        protocol: 'gdp',
        dataset: { name: 'demo', path: 'builtin:demo', questions },
        agents: uniformAgents(3, `llama:${model}`, { temperature: 0.8, maxTokens: 1500 }),
        seeds: [1],
        concurrency: 1,
        llama: { threads: 1, quiet: true },
      });
      assert.equal(outcome.executed, 3);
      const units = await store.listUnits(outcome.runId);
      assert.deepEqual(units.map((unit) => unit.status), ['done', 'done', 'done']);
      for (const unit of units) {
        const events = await store.getEvents(unit.id);
        const turns = eventsOfType(events, 'turn');
        assert.equal(turns.length, 9);
        for (const turn of turns) {
          assert.equal(turn.structured, 'grammar');
          assert.equal(turn.parsed.source, 'json', `turn ${turn.agent}/${turn.round} parsed from ${turn.parsed.source}: ${turn.text}`);
          assert.ok(turn.parsed.steps !== undefined && turn.parsed.steps.length >= 1);
          assert.equal(turn.parsed.answer.status, 'ok');
          assert.ok(['A', 'B', 'C', 'D'].includes(turn.parsed.answer.value!));
          assert.ok(turn.usage.completionTokens > 0 && turn.usage.promptTokens > 0);
          for (const step of turn.parsed.steps) {
            if (turn.round === 0) assert.equal(step.stance, undefined);
            else if (step.stance !== undefined) assert.notEqual(step.stance.peer, turn.agent);
          }
        }
        assert.equal(eventsOfType(events, 'final').length, 1);
      }
    } finally {
      await store.close();
    }
  });
});
