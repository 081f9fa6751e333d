/**
 * The presets and baselines of DebateLLM, Med-PaLM 2, ReWOO and ReAcTable
 * on a queue worker: planned onto the queue, rebuilt by the worker from the
 * run's recorded parameters, run against the deterministic fake server and
 * stored in PostgreSQL. Needs DATABASE_URL and REDIS_URL (see test-services.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { planQueuedRun } from '../../src/queue/plan-queued-run.js';
import { startWorker } from '../../src/queue/start-worker.js';
import { uniformAgents } from '../../src/runner/start-run.js';
import type { DebateOverrides } from '../../src/spec/debate-params.js';
import { eventsOfType } from '../../src/spec/trace.js';
import { useWorkerFixture } from '../helpers/worker-fixture.js';
import { requireServices } from '../queue/test-services.js';

// One FinQA item in the original format, written for this test (a table for rewoo and react-table)
const FINQA = [
  {
    id: 'ACME/2019/page_1.pdf-1',
    pre_text: ['revenue was $ 5735 million in 2019 and $ 5098 million in 2018 .'],
    post_text: ['costs were stable .'],
    table: [['', '2019', '2018'], ['revenue', '$ 5735', '$ 5098'], ['costs', '$ 1200', '$ 1180']],
    qa: { question: 'what was the change in revenue from 2018 to 2019?', program: 'subtract(5735, 5098)', exe_ans: 637, gold_inds: {} },
  },
];

const services = requireServices('DATABASE_URL', 'REDIS_URL');
if (services !== undefined) {
  describe('DebateLLM presets and the new baselines on a queue worker', () => {
    const fixture = useWorkerFixture(services, 'presets');
    const dir = mkdtempSync(join(tmpdir(), 'quorum-presets-worker-'));
    const finqa = join(dir, 'finqa.json');

    before(() => writeFileSync(finqa, JSON.stringify(FINQA)));
    after(() => rmSync(dir, { recursive: true, force: true }));

    const cases = [
      { protocol: 'multi-persona', agents: 2, data: 'demo', aggregate: 'moderator' },
      { protocol: 'chateval-summarizer', agents: 3, data: 'demo', aggregate: 'majority' },
      { protocol: 'ensemble-refinement', agents: 1, data: 'demo', aggregate: 'majority', overrides: { samples: 3, refinements: 2 } },
      { protocol: 'rewoo', agents: 3, data: 'finqa', aggregate: 'single' },
      { protocol: 'react-table', agents: 1, data: 'finqa', aggregate: 'single' },
    ];
    for (const entry of cases) {
      it(`${entry.protocol}: the worker rebuilds it from the recorded parameters and stores every unit`, async () => {
        const { store, server, schema } = fixture;
        const { url, queue } = fixture.newQueue();
        const dataset = entry.data === 'demo' ? await loadQuestions({ dataset: 'demo', limit: 2 }) : await loadQuestions({ dataset: 'finqa', path: finqa });
        const planned = await planQueuedRun(
          {
            store,
            protocol: entry.protocol,
            // baselines' own parameters travel in the same field as the CLI's (each protocol checks them)
            overrides: (entry.overrides ?? {}) as DebateOverrides,
            dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions, ...(entry.data === 'demo' ? { limit: 2 } : {}) },
            agents: uniformAgents(entry.agents, `openai:fake@${server.url}`),
            seeds: [1],
            concurrency: 2,
            newRunId: () => `${entry.protocol}-${schema.name}`,
          },
          { queue },
        );
        const worker = await startWorker({ queue: url, store, concurrency: 2, exitWhenEmpty: true, idlePollMs: 100 });
        await worker.stopped;
        assert.equal(worker.tally.jobErrors, 0);
        const units = await store.listUnits(planned.runId);
        assert.equal(units.length, dataset.questions.length);
        for (const unit of units) {
          assert.equal(unit.status, 'done');
          const events = await store.getEvents(unit.id);
          assert.equal(eventsOfType(events, 'error').length, 0);
          assert.equal(eventsOfType(events, 'final')[0]?.aggregate, entry.aggregate);
        }
      });
    }
  });
}
