/**
 * A backend that goes down mid-run stops the run: once its last K calls all
 * failed to connect, no new unit starts, the unit that failed because of it
 * is left pending (not stored as failed), the run is interrupted, and the
 * error names the backend.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeadBackendError, DeadBackendWatch } from '../../src/backends/middleware/dead-backend-watch.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { startRun } from '../../src/runner/start-run.js';
import { BackendError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const request = { messages: [{ role: 'user' as const, content: 'hi' }], decoding: {} };

describe('DeadBackendWatch', () => {
  it('trips after K connection-level failures in a row; an answer of any kind resets the count', async () => {
    const refused = () => new BackendError('scripted', 'connection', 'connection failed (ECONNREFUSED)');
    const watch = new DeadBackendWatch({ deadAfterCalls: 3 });
    const backend = wrapBackend(new ScriptedBackend({ replies: [refused(), refused(), new BackendError('scripted', 'server-error', '500 boom'), refused(), refused(), refused()] }), watch.middleware);
    for (let call = 0; call < 5; call++) await assert.rejects(backend.complete(request));
    assert.equal(watch.dead, undefined, 'the 500 in between was an answer');
    await assert.rejects(backend.complete(request));
    assert.deepEqual(watch.dead, { backendId: 'scripted:scripted', calls: 3, lastError: 'scripted: connection failed (ECONNREFUSED)' });
  });
});

describe('a run whose backend goes down', () => {
  it('stops starting units, leaves the cut unit pending, is interrupted, and says which backend', async () => {
    let served = 0;
    // Two agents answer unit 1; from the third request on, the server drops every connection.
    const server = await FakeOpenAiServer.start({ fallback: () => (served++ < 2 ? { kind: 'reply', text: 'Answer: (B)' } : { kind: 'reset' }) });
    const store = await openStore(':memory:');
    try {
      const failure = await startRun({
        store,
        protocol: 'du',
        overrides: { rounds: 0 },
        dataset: { name: 'demo', path: 'builtin:demo', questions: DEMO_QUESTIONS.slice(0, 5) },
        agents: [{ backend: `openai:fake@${server.url}` }, { backend: `openai:fake@${server.url}` }],
        seeds: [1],
        concurrency: 1,
        deadAfterCalls: 2,
        retry: { maxAttempts: 2, sleep: async () => undefined },
        newRunId: () => 'run-dead',
      }).then(
        () => assert.fail('the run reported success'),
        (error: unknown) => error,
      );
      assert.ok(failure instanceof DeadBackendError, String(failure));
      assert.equal(failure.backendId, `openai:fake@${server.url}`);
      assert.match(failure.message, new RegExp(`run run-dead stopped: backend openai:fake@${server.url.replace(/[.]/g, '\\.')} looks down \\(its last 2 calls failed`));
      assert.match(failure.hint ?? '', /same command resumes it/);
      assert.equal((await store.getRun('run-dead'))!.status, 'interrupted');
      assert.deepEqual(await store.countUnits('run-dead'), { total: 5, pending: 4, done: 1, failed: 0 });
      assert.equal(server.requests.length, 2 + 2 * 2, 'unit 2: two agents, two attempts each; units 3-5 never started');
    } finally {
      await store.close();
      await server.close();
    }
  });
});
