/**
 * `quorum worker --plugin <file>`: a worker that cannot reach the plugin
 * file a run recorded (here the file is moved away after planning, as on
 * another machine) loads its own copy and rebuilds the plugin's protocol
 * from it. The expected trace is the one a local run of the same plugin
 * stores in this process — the claim is "the same as locally". Needs
 * DATABASE_URL and REDIS_URL (see test-services.ts).
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { planQueuedRun } from '../../src/queue/plan-queued-run.js';
import { loadPlugin } from '../../src/runner/load-plugin.js';
import { startRun, uniformAgents, type StartRunOptions } from '../../src/runner/start-run.js';
import type { TraceStore } from '../../src/spec/store.js';
import { runCli } from '../helpers/cli.js';
import { comparableTraces, useWorkerFixture } from '../helpers/worker-fixture.js';
import { requireServices } from './test-services.js';
import { escapeRegExp } from '../../src/util/escape-reg-exp.js';

const src = (path: string): string => pathToFileURL(join(import.meta.dirname, '../../src', path)).href;

/** A two-agent plugin protocol: the second agent sees the first's answer and gives the final one. */
const PLUGIN = `import { answerInstruction, baselineAnswer, defineProtocol, renderQuestion } from '${src('index.js')}';
export default defineProtocol({
  name: 'relay',
  description: 'the second agent reads the first answer and answers',
  roles: ['First', 'Second'],
  async run(context) {
    const { question } = context;
    const [first, second] = context.agents;
    const ask = renderQuestion(question) + '\\n\\n' + answerInstruction(question);
    const parse = ({ text }) => ({ answer: baselineAnswer(text, question), rationale: text, source: 'text' as const });
    const opening = await context.call(first, { messages: [{ role: 'user', content: ask }] }, { round: 0, parse });
    const reply = await context.call(second, { messages: [{ role: 'user', content: ask + '\\n\\nA colleague said:\\n' + opening.response.text }] }, { round: 1, saw: [{ agent: first.name, round: 0 }], parse });
    context.emit({ type: 'final', answer: reply.parsed.answer, aggregate: 'single', roundsRun: 2, stoppedEarly: false });
  },
});
`;

const services = requireServices('DATABASE_URL', 'REDIS_URL');
if (services !== undefined) {
  describe('quorum worker --plugin', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quorum-worker-plugin-'));
    const fixture = useWorkerFixture(services, 'plugin', { local: true });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('rebuilds the plugin protocol from its own copy when the recorded file is gone', async () => {
      const { store, local, server, schema } = fixture;
      const { url: queueUrl, queue } = fixture.newQueue();
      mkdirSync(join(dir, 'planner'));
      mkdirSync(join(dir, 'worker'));
      const planned = join(dir, 'planner', 'relay.ts');
      writeFileSync(planned, PLUGIN);
      const plugin = await loadPlugin(planned);
      assert.deepEqual(plugin.protocols, ['relay']);

      const dataset = await loadQuestions({ dataset: 'demo', limit: 2 });
      const options = (target: TraceStore, prefix: string): StartRunOptions => ({
        store: target,
        protocol: 'relay',
        plugins: [planned],
        dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions, limit: 2 },
        agents: uniformAgents(2, `openai:fake@${server.url}`),
        seeds: [1],
        concurrency: 2,
        newRunId: () => `${prefix}-relay-${schema.name}`,
      });
      const expected = await startRun(options(local, 'local'));
      const queued = await planQueuedRun(options(store, 'queued'), { queue });
      assert.deepEqual((await store.getRun(queued.runId))?.config.plugins, [planned]);

      // the worker's machine keeps the plugin elsewhere: the recorded path no longer exists
      const copy = join(dir, 'worker', 'relay.ts');
      cpSync(planned, copy);
      rmSync(planned);
      const worker = await runCli(['worker', '--queue', queueUrl, '--store', schema.url, '--plugin', copy, '--concurrency', '2', '--exit-when-empty', '--json']);
      assert.equal(worker.code, 0, worker.stderr);
      assert.match(worker.stderr, new RegExp(`plugins: ${escapeRegExp(copy)} \\(protocol relay\\)`));
      const tally = JSON.parse(worker.stdout) as { stored: number; jobErrors: number };
      assert.deepEqual({ stored: tally.stored, jobErrors: tally.jobErrors }, { stored: 2, jobErrors: 0 });

      const stored = await comparableTraces(store, queued.runId);
      assert.equal(stored.length, 2);
      // two turns and a final per unit: the plugin ran, not a failure recorded as data
      for (const unit of stored) assert.deepEqual(unit.events.map((event) => (event as { type: string }).type).filter((type) => type === 'turn' || type === 'final'), ['turn', 'turn', 'final']);
      assert.deepEqual(stored, await comparableTraces(local, expected.runId));
    });
  });
}
