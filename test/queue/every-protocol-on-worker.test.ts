/**
 * Every registered protocol (debate presets, DeALOG, and the cot,
 * planner, plan-log and self-consistency baselines) runs on a queue worker
 * and produces the trace the local runner produces for the same run: the
 * worker rebuilds each protocol from the parameters the run stored
 * (`fromParams`). The expected traces come from a local run, not from
 * fixtures: the claim is "the same as locally", whatever the protocol does.
 * Needs DATABASE_URL and REDIS_URL (see test-services.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { listProtocols } from '../../src/protocols/registry.js';
import { planQueuedRun } from '../../src/queue/plan-queued-run.js';
import { startWorker } from '../../src/queue/start-worker.js';
import { startRun, uniformAgents, type StartRunOptions } from '../../src/runner/start-run.js';
import type { TraceStore } from '../../src/spec/store.js';
import { comparableTraces, useWorkerFixture } from '../helpers/worker-fixture.js';
import { requireServices } from './test-services.js';

const services = requireServices('DATABASE_URL', 'REDIS_URL');
if (services !== undefined) {
  describe('every built-in protocol on a queue worker', () => {
    const fixture = useWorkerFixture(services, 'protocols', { local: true });

    const names = listProtocols().map((factory) => factory.name);
    it('the registry holds the baselines the workers used to refuse', () => {
      for (const name of ['cot', 'planner', 'plan-log', 'dealog', 'self-consistency', 'du']) assert.ok(names.includes(name), name);
    });

    for (const factory of listProtocols()) {
      it(`${factory.name}: a worker stores the trace the local runner stores`, async () => {
        const { store, local, server, schema } = fixture;
        const dataset = await loadQuestions({ dataset: 'demo', limit: 2 });
        const options = (target: TraceStore, prefix: string): StartRunOptions => ({
          store: target,
          protocol: factory.name,
          // self-consistency's default is 40 samples: 3 say the same here, at a fraction of the calls
          overrides: factory.name === 'self-consistency' ? { samples: 3 } : {},
          dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions, limit: 2 },
          agents: uniformAgents(factory.roles?.length ?? 3, `openai:fake@${server.url}`),
          seeds: [1],
          concurrency: 2,
          newRunId: () => `${prefix}-${factory.name}-${schema.name}`,
        });
        const expected = await startRun(options(local, 'local'));

        const { url, queue } = fixture.newQueue();
        const planned = await planQueuedRun(options(store, 'queued'), { queue });
        const worker = await startWorker({ queue: url, store, concurrency: 2, exitWhenEmpty: true, idlePollMs: 100 });
        await worker.stopped;
        assert.equal(worker.tally.jobErrors, 0, `${factory.name}: the worker could not run the jobs`);
        // failed units count as stored: the fake server's replies do not follow every protocol's format, and a unit's failure is data
        assert.equal(worker.tally.stored, 2);

        const queued = await comparableTraces(store, planned.runId);
        assert.equal(queued.length, 2);
        for (const unit of queued) assert.equal(unit.events.filter((event) => (event as { type: string }).type === 'final').length, unit.status === 'done' ? 1 : 0);
        assert.deepEqual(queued, await comparableTraces(local, expected.runId));
      });
    }
  });
}
