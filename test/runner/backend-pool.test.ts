import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { BackendPool } from '../../src/runner/backend-pool.js';
import type { BackendMiddleware, ChatRequest } from '../../src/spec/chat.js';
import { BackendError } from '../../src/spec/errors.js';
import { openSqliteStore } from '../../src/store/open-sqlite-store.js';

const REQUEST: ChatRequest = { messages: [{ role: 'user', content: 'What is 2 + 2?' }], decoding: { temperature: 0, seed: 1 } };

/** A middleware that counts the calls passing through it. */
function counting(): { middleware: BackendMiddleware; calls: () => number } {
  let calls = 0;
  return {
    middleware: (inner) => ({ ...inner, id: inner.id, complete: (request) => (calls++, inner.complete(request)) }),
    calls: () => calls,
  };
}

describe('BackendPool (the one pool of runs, serve, judge ratings and queue workers)', () => {
  it('with shared limits: a call takes one slot, and each of its attempts takes a rate token', async () => {
    const store = await openSqliteStore(':memory:');
    const backend = new ScriptedBackend({ replies: [new BackendError('scripted:scripted', 'server-error', '503 busy', { status: 503 }), 'four'] });
    const slots = counting();
    const rate = counting();
    const pool = new BackendPool({ store, replay: false, limits: { slots: slots.middleware, rate: rate.middleware }, retry: { sleep: async () => undefined }, provided: new Map([['s', backend]]) });
    const response = await (await pool.get('s')).complete(REQUEST);
    assert.equal(response.text, 'four');
    assert.equal(response.attempts, 2);
    assert.equal(slots.calls(), 1);
    assert.equal(rate.calls(), 2);
    // The second identical call is a cache hit: it reaches neither limit.
    assert.equal((await (await pool.get('s')).complete(REQUEST)).cacheHit, true);
    assert.equal(slots.calls(), 1);
    await pool.close();
    await store.close();
  });

  it('with a per-process limit: calls beyond it wait for a slot', async () => {
    const store = await openSqliteStore(':memory:');
    let inFlight = 0;
    let most = 0;
    const backend = new ScriptedBackend({ fallback: 'ok' });
    const slow = { ...backend, id: backend.id, complete: async (request: ChatRequest) => {
      most = Math.max(most, ++inFlight);
      await new Promise((done) => setTimeout(done, 20));
      inFlight--;
      return backend.complete(request);
    } };
    const pool = new BackendPool({ store, replay: false, concurrencyPerBackend: 2, provided: new Map([['s', slow]]) });
    const wrapped = await pool.get('s');
    await Promise.all([1, 2, 3, 4, 5].map((seed) => wrapped.complete({ ...REQUEST, decoding: { temperature: 0, seed } })));
    assert.equal(most, 2);
    await pool.close();
    await store.close();
  });

  it('a spec that failed to build is built again by the next get', async () => {
    const store = await openSqliteStore(':memory:');
    const pool = new BackendPool({ store, replay: false, concurrencyPerBackend: 1 });
    const first = pool.get('nosuchkind:model');
    await assert.rejects(first);
    const second = pool.get('nosuchkind:model');
    assert.notEqual(second, first);
    await assert.rejects(second);
    await pool.close();
    await store.close();
  });
});
