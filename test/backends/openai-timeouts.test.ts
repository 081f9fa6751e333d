/**
 * Per-attempt timeouts that suit chat models: one until the answer starts
 * (first byte) and one for the whole reply, each set per backend, and a
 * timed-out call retried once, not `maxAttempts` times.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseBackendSpec, type OpenAiSpec } from '../../src/backends/backend-spec.js';
import { retryMiddleware } from '../../src/backends/middleware/retry-middleware.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { OpenAiBackend } from '../../src/backends/openai/openai-backend.js';
import { BackendError } from '../../src/spec/errors.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const request = { messages: [{ role: 'user' as const, content: 'hi' }], decoding: {} };
let server: FakeOpenAiServer;
before(async () => {
  server = await FakeOpenAiServer.start();
});
after(() => server.close());

const backend = (options: string) => new OpenAiBackend(parseBackendSpec(`openai:m@${server.url}#${options}`) as OpenAiSpec, { env: {} });

async function failure(promise: Promise<unknown>): Promise<BackendError> {
  const error = await promise.then(
    () => assert.fail('the call succeeded'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof BackendError, String(error));
  return error;
}

describe('per-attempt timeouts', () => {
  it('parses first-byte-ms beside timeout-ms', () => {
    assert.deepEqual(parseBackendSpec('openai:m@http://h/v1#first-byte-ms=15000&timeout-ms=120000'), { kind: 'openai', model: 'm', baseUrl: 'http://h/v1', keyEnv: 'OPENAI_API_KEY', firstByteMs: 15000, timeoutMs: 120000 });
    assert.throws(() => parseBackendSpec('openai:m@http://h/v1#first-byte-ms=0'), /first-byte-ms must be a positive integer/);
  });

  it('a server that never answers fails at the first-byte timeout, naming it', async () => {
    server.enqueue({ kind: 'hang' });
    const started = performance.now();
    const error = await failure(backend('first-byte-ms=150&timeout-ms=5000').complete(request));
    assert.ok(performance.now() - started < 2000);
    assert.equal(error.failure, 'timeout');
    assert.match(error.message, /no answer started within 150 ms \(first-byte timeout\)/);
    assert.match(error.hint ?? '', /#first-byte-ms=/);
  });

  it('once headers are in, the first-byte timer is off and the whole-reply timeout applies', async () => {
    server.enqueue({ kind: 'stall-body' });
    const error = await failure(backend('first-byte-ms=100&timeout-ms=400').complete(request));
    assert.match(error.message, /no complete reply within 400 ms \(per-attempt timeout\)/);
  });

  it('a slow reply inside both timeouts is fine', async () => {
    server.enqueue({ kind: 'reply', text: 'late but whole', delayMs: 150 });
    assert.equal((await backend('first-byte-ms=1000&timeout-ms=2000').complete(request)).text, 'late but whole');
  });

  it('a call that times out is retried once (maxTimeouts 2), not maxAttempts times', async () => {
    server.enqueue({ kind: 'hang' }, { kind: 'hang' });
    const before = server.requests.length;
    const retried = wrapBackend(backend('first-byte-ms=100'), retryMiddleware({ sleep: async () => undefined, maxAttempts: 5 }));
    const error = await failure(retried.complete(request));
    assert.match(error.message, /gave up after 2 timeouts/);
    assert.equal(server.requests.length - before, 2);
    assert.deepEqual(error.attemptLog?.map((attempt) => [attempt.status, attempt.reason]), [[null, 'timeout'], [null, 'timeout']]);
  });
});
