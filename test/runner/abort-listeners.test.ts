/**
 * A run's abort signal is shared by every call in flight. Each call used to
 * add its own listener to it, so any run with more than 10 calls in flight
 * printed MaxListenersExceededWarning (into the progress bar). Calls now
 * subscribe through one fanning-out listener per signal.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { startRun } from '../../src/runner/start-run.js';
import { openStore } from '../../src/store/open-store.js';
import { abortableSleep } from '../../src/util/abortable-sleep.js';
import { onAbort } from '../../src/util/on-abort.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

/** Runs `action` and returns the process warnings emitted meanwhile. */
async function warningsDuring(action: () => Promise<unknown>): Promise<Error[]> {
  const warnings: Error[] = [];
  const listener = (warning: Error) => warnings.push(warning);
  process.on('warning', listener);
  try {
    await action();
    // warnings are emitted on the next tick
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listener);
  }
  return warnings;
}

describe('one abort listener per signal', () => {
  it('a run at concurrency 64, first attempts failing with 503 and retried, prints no warning', async () => {
    const seen = new Set<string>();
    // every prompt's first attempt gets a 503, so 64 calls back off on the run's signal together
    const server = await FakeOpenAiServer.start({
      fallback: (request) => {
        const key = JSON.stringify(request.body.messages);
        if (seen.has(key)) return { kind: 'reply', text: 'Answer: (A)', delayMs: 20 };
        seen.add(key);
        return { kind: 'status', status: 503 };
      },
    });
    const store = await openStore(':memory:');
    const controller = new AbortController();
    const questions = Array.from({ length: 64 }, (_, index) => ({ ...DEMO_QUESTIONS[index % DEMO_QUESTIONS.length]!, id: `q${index}` }));
    try {
      const warnings = await warningsDuring(() =>
        startRun({
          store,
          protocol: 'du',
          overrides: { rounds: 0 },
          dataset: { name: 'demo', path: 'builtin:demo', questions },
          agents: [{ backend: `openai:fake@${server.url}` }],
          seeds: [1],
          concurrency: 64,
          retry: { baseDelayMs: 20 },
          signal: controller.signal,
          newRunId: () => 'run-64',
        }),
      );
      assert.deepEqual(warnings.map((warning) => `${warning.name}: ${warning.message}`), []);
      assert.deepEqual(await store.countUnits('run-64'), { total: 64, pending: 0, done: 64, failed: 0 });
      assert.ok(server.stats.maxInFlight > 10, `only ${server.stats.maxInFlight} calls were in flight at once`);
    } finally {
      await store.close();
      await server.close();
    }
  });

  it('onAbort calls every subscriber still subscribed, once, and adds one listener to the signal', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const unsubscribers = Array.from({ length: 50 }, (_, index) => onAbort(controller.signal, () => calls.push(`s${index}`)));
    unsubscribers[7]!();
    const sleeping = abortableSleep(60_000, controller.signal);
    const warnings = await warningsDuring(async () => {
      controller.abort(new Error('stop'));
      await assert.rejects(sleeping, /stop/);
    });
    assert.deepEqual(warnings, []);
    assert.equal(calls.length, 49);
    assert.ok(!calls.includes('s7'));
    assert.equal(new Set(calls).size, 49);
  });
});
