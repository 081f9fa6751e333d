import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ensureTestModel } from '../../src/backends/llama/test-model/ensure-test-model.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { consensusFormation } from '../../src/metrics/dynamics/consensus-formation.js';
import { absoluteError } from '../../src/metrics/forecast-error.js';
import { runMetrics } from '../../src/metrics/run-metrics.js';
import { startRun, uniformAgents } from '../../src/runner/start-run.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-forecast-llama-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** 14 months of a FRED download: with a 12-month window, two events (2021-01 and 2021-02). */
function writeSeries(): string {
  const file = join(dir, 'CORESTICKM159SFRBATL.csv');
  const rows = Array.from({ length: 14 }, (_, index) => `${2020 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01,${(2.5 + Math.sin(index) / 4).toFixed(6)}`);
  writeFileSync(file, `observation_date,CORESTICKM159SFRBATL\n${rows.join('\n')}\n`);
  return file;
}

describe('forecasting on an in-process GGUF model (the generated random-weight model)', () => {
  it('2 FRED events × 3 agents × 2 rounds, GDP JSON with numeric answers, median aggregate: MAE and CF computed', async () => {
    const model = await ensureTestModel(join(dir, 'models'));
    const dataset = await loadQuestions({ dataset: 'fred', path: writeSeries() });
    assert.deepEqual(
      dataset.questions.map((question) => question.id),
      ['fred:2021-01', 'fred:2021-02'],
    );
    const store = await openStore(join(dir, 'forecast.db'));
    try {
      const outcome = await startRun({
        store,
        // GDP format needs quorum's wording, so du-fresh (du is Du et al.'s free-text protocol)
        protocol: 'du-fresh',
        // the random model's free text rarely holds a number; the GDP schema makes `answer` a JSON number
        overrides: { rounds: 1, format: 'gdp', aggregate: 'median' },
        dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions },
        agents: uniformAgents(3, `llama:${model}`, { temperature: 0.8, maxTokens: 3000 }),
        seeds: [1],
        concurrency: 1,
        llama: { threads: 1, quiet: true },
      });
      assert.equal(outcome.executed, 2);
      const units = await store.listUnits(outcome.runId);
      assert.deepEqual(
        units.map((unit) => unit.status),
        ['done', 'done'],
      );
      for (const unit of units) {
        const events = await store.getEvents(unit.id);
        const turns = eventsOfType(events, 'turn');
        assert.equal(turns.length, 6);
        for (const turn of turns) {
          assert.equal(turn.structured, 'grammar');
          assert.equal(turn.parsed.source, 'json', `turn ${turn.agent}/${turn.round}: ${turn.text}`);
          assert.equal(turn.parsed.answer.status, 'ok', `turn ${turn.agent}/${turn.round}: ${turn.text}`);
          assert.ok(Number.isFinite(Number(turn.parsed.answer.value)), `not a number: ${turn.parsed.answer.value}`);
        }
        const [final] = eventsOfType(events, 'final');
        assert.equal(final!.aggregate, 'median');
        const lastRound = turns.filter((turn) => turn.round === 1).map((turn) => Number(turn.parsed.answer.value)).sort((a, b) => a - b);
        assert.equal(Number(final!.answer.value), lastRound[1]);
        const summary = unit.summary!;
        assert.equal(summary.rounds?.length, 2);
        assert.equal(absoluteError(summary), Math.abs(lastRound[1]! - Number(summary.gold)));
        const cf = consensusFormation(summary);
        assert.ok(cf.value === null ? cf.reason === 'no-variance' : Number.isFinite(cf.value), JSON.stringify(cf));
      }
      const metrics = runMetrics(units);
      assert.equal(metrics.mae?.units, 2);
      assert.equal(metrics.mae?.unparsed, 0);
      assert.ok(Number.isFinite(metrics.mae?.mean));
      assert.equal(metrics.mae?.byRound.length, 2);
      // CF is defined or its undefined case is counted, never dropped
      assert.equal((metrics.cf?.units ?? 0) + (metrics.cf?.undefinedUnits ?? 0), 2);
      assert.equal(metrics.prr.units, 2);
      assert.equal(metrics.prr.turns, 6);
    } finally {
      await store.close();
    }
  });
});
