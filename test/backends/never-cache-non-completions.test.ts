/**
 * Only completions are cached: an empty reply, a body that does not parse and
 * JSON still off-schema after the repair are errors (retried where a retry can
 * help), and none of them leaves a cache entry — so the next run asks again
 * instead of replaying the failure.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBackendSpec, type OpenAiSpec } from '../../src/backends/backend-spec.js';
import { cacheMiddleware } from '../../src/backends/middleware/cache-middleware.js';
import { MemoryCompletionCache } from '../../src/backends/middleware/completion-cache.js';
import { retryMiddleware } from '../../src/backends/middleware/retry-middleware.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { OpenAiBackend } from '../../src/backends/openai/openai-backend.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import type { ChatRequest } from '../../src/spec/chat.js';
import { BackendError } from '../../src/spec/errors.js';
import { FakeOpenAiServer, type FakeBehavior } from '../helpers/fake-openai-server.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'Which option? A B' }], decoding: { seed: 7 } };
const schema = { name: 'answer', schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } };

async function withCachedBackend(run: (server: FakeOpenAiServer, backend: ReturnType<typeof wrapBackend>, cache: MemoryCompletionCache) => Promise<void>): Promise<void> {
  const server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Answer: A' } });
  const cache = new MemoryCompletionCache();
  const raw = new OpenAiBackend(parseBackendSpec(`openai:m@${server.url}`) as OpenAiSpec, { env: {} });
  const backend = wrapBackend(raw, cacheMiddleware(cache), retryMiddleware({ sleep: async () => undefined, random: () => 0, maxAttempts: 3 }));
  try {
    await run(server, backend, cache);
  } finally {
    await server.close();
  }
}

async function failure(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof BackendError, String(error));
    return error;
  }
  assert.fail('the call succeeded');
}

describe('never cache what is not a completion', () => {
  for (const [name, fault] of [
    ['empty content', { kind: 'reply', text: '' }],
    ['whitespace content', { kind: 'reply', text: ' \n ' }],
    ['null content', { kind: 'null-content' }],
    ['a truncated body', { kind: 'malformed' }],
  ] as Array<[string, FakeBehavior]>) {
    it(`${name}: retried, and only the completion that follows is cached`, async () => {
      await withCachedBackend(async (server, backend, cache) => {
        server.enqueue(fault);
        const response = await backend.complete(request);
        assert.equal(response.text, 'Answer: A');
        assert.equal(response.attempts, 2);
        assert.equal(server.requests.length, 2);
        assert.equal(cache.size, 1);
        assert.equal((await backend.complete(request)).cacheHit, true);
      });
    });

    it(`${name} on every attempt: an error naming the fault, nothing cached, the next run asks again`, async () => {
      await withCachedBackend(async (server, backend, cache) => {
        server.enqueue(fault, fault, fault);
        const error = await failure(backend.complete(request));
        assert.equal(error.failure, fault.kind === 'malformed' ? 'server-error' : 'empty-reply');
        assert.match(error.message, fault.kind === 'malformed' ? /not valid JSON/ : /reply without text.*gave up after 3 attempts/);
        assert.equal(cache.size, 0);
        assert.equal((await backend.complete(request)).text, 'Answer: A');
        assert.equal(server.requests.length, 4);
      });
    });
  }

  it('an empty reply cut at max_tokens is malformed output, not retried (it would be cut again)', async () => {
    await withCachedBackend(async (server, backend, cache) => {
      server.enqueue({ kind: 'reply', text: '', finishReason: 'length' });
      const error = await failure(backend.complete(request));
      assert.equal(error.failure, 'malformed-output');
      assert.match(error.hint ?? '', /raise maxTokens/);
      assert.equal(server.requests.length, 1);
      assert.equal(cache.size, 0);
    });
  });

  it('JSON off-schema after the repair: malformed output, nothing cached', async () => {
    await withCachedBackend(async (server, backend, cache) => {
      server.enqueue({ kind: 'reply', text: '{"verdict": 1}' }, { kind: 'reply', text: '{"still": "wrong"}' });
      const error = await failure(backend.complete({ ...request, responseFormat: schema }));
      assert.equal(error.failure, 'malformed-output');
      assert.equal(server.requests.length, 2);
      assert.equal(cache.size, 0);
      server.enqueue({ kind: 'reply', text: '{"answer": "A"}' });
      const response = await backend.complete({ ...request, responseFormat: schema });
      assert.deepEqual(response.json, { answer: 'A' });
      assert.equal(cache.size, 1);
    });
  });

  it('the cache middleware stores no reply without text or JSON, whatever the backend, and followers in flight get it uncached', async () => {
    const scripted = new ScriptedBackend({ model: 'm', fallback: '' });
    const cache = new MemoryCompletionCache();
    const backend = wrapBackend(scripted, cacheMiddleware(cache));
    const [first, follower] = await Promise.all([backend.complete(request), backend.complete(request)]);
    assert.deepEqual([first.text, follower.text], ['', '']);
    assert.equal(cache.size, 0);
    await backend.complete(request);
    assert.equal(scripted.calls.length, 2, 'the in-flight follower shared the call; the later call asked again');
  });
});
