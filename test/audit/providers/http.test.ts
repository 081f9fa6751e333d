import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createEmbeddingProvider } from '../../../src/audit/create-embedding-provider.js';
import { createNliProvider } from '../../../src/audit/create-nli-provider.js';
import type { AuditProviderOptions } from '../../../src/audit/audit-provider-options.js';
import { BackendError, ConfigError } from '../../../src/spec/errors.js';
import { runEmbeddingSuite } from '../../../src/testing/embedding-suite.js';
import { runNliSuite } from '../../../src/testing/nli-suite.js';

/** A fake TEI/OpenAI-compatible server: deterministic vectors and predictions, scripted failures, recorded requests. */
interface FakeServer {
  base: string;
  requests: Array<{ path: string; body: any; authorization: string | undefined }>;
  /** Statuses to answer with before answering normally. */
  failures: Array<{ status: number; retryAfter?: string }>;
  delayMs: number;
  malformed: boolean;
  close(): Promise<void>;
}

const DIMENSIONS = 8;

function vectorOf(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (let k = 0; k < text.length; k++) vector[k % DIMENSIONS]! += Math.sin(text.charCodeAt(k) * (k + 1));
  return vector;
}

function predictionsOf(premise: string, hypothesis: string): Array<{ label: string; score: number }> {
  const raw = [1 + (premise.length % 7), 1 + (hypothesis.length % 5), 1 + ((premise.length * hypothesis.length) % 3)];
  const total = raw.reduce((sum, value) => sum + value, 0);
  // TEI sorts by score; labels come in the model's own spelling.
  return [
    { label: 'ENTAILMENT', score: raw[0]! / total },
    { label: 'Neutral', score: raw[1]! / total },
    { label: 'contradiction', score: raw[2]! / total },
  ].sort((a, b) => b.score - a.score);
}

async function startServer(): Promise<FakeServer> {
  const state = { requests: [] as FakeServer['requests'], failures: [] as FakeServer['failures'], delayMs: 0, malformed: false };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text);
      state.requests.push({ path: request.url ?? '', body, authorization: request.headers.authorization });
      const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        setTimeout(() => {
          response.writeHead(status, { 'content-type': 'application/json', ...headers });
          response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
        }, state.delayMs);
      };
      const failure = state.failures.shift();
      if (failure !== undefined) return answer(failure.status, { error: 'scripted failure' }, failure.retryAfter === undefined ? {} : { 'retry-after': failure.retryAfter });
      if (state.malformed) return answer(200, '{"unexpected": true}');
      if (request.url === '/v1/embeddings') {
        const data = (body.input as string[]).map((input, index) => ({ object: 'embedding', embedding: vectorOf(input), index }));
        return answer(200, { object: 'list', data: data.reverse(), model: body.model ?? 'fake' });
      }
      if (request.url === '/predict') return answer(200, (body.inputs as Array<[string, string]>).map(([premise, hypothesis]) => predictionsOf(premise, hypothesis)));
      return answer(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const sleeps: number[] = [];
// random() = 0.5 puts the jitter in the middle: a wait of b/2 + 0.5 · b/2 = 0.75 b for backoff b.
const OPTIONS: AuditProviderOptions = { sleep: async (milliseconds) => void sleeps.push(milliseconds), random: () => 0.5 };

describe('http audit models', () => {
  let server: FakeServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.failures.length = 0;
    server.delayMs = 0;
    server.malformed = false;
    sleeps.length = 0;
  });

  runEmbeddingSuite('http (OpenAI-compatible /embeddings)', () => createEmbeddingProvider(`http:${server.base}/v1#model=fake-embedder&batch-size=7`, OPTIONS), {
    dimensions: DIMENSIONS,
  });
  runNliSuite('http (TEI /predict)', () => createNliProvider(`http:${server.base}#batch-size=3`, OPTIONS));

  it('sends the documented embeddings request, in batches', async () => {
    const provider = await createEmbeddingProvider(`http:${server.base}/v1#model=stella&batch-size=32`, OPTIONS);
    const texts = Array.from({ length: 70 }, (_, index) => `step ${index}`);
    const vectors = await provider.embed(texts);
    assert.deepEqual(Array.from(vectors[69]!), Array.from(Float32Array.from(vectorOf('step 69'))));
    assert.deepEqual(server.requests.map((request) => [request.path, request.body.model, request.body.input.length]), [
      ['/v1/embeddings', 'stella', 32],
      ['/v1/embeddings', 'stella', 32],
      ['/v1/embeddings', 'stella', 6],
    ]);
  });

  it('sends the documented TEI predict request', async () => {
    const provider = await createNliProvider(`http:${server.base}`, OPTIONS);
    const [scores] = await provider.classify([{ premise: 'abc', hypothesis: 'de' }]);
    assert.deepEqual(server.requests[0]!.body, { inputs: [['abc', 'de']], truncate: true });
    const expected = Object.fromEntries(predictionsOf('abc', 'de').map((item) => [item.label.toLowerCase(), item.score]));
    assert.deepEqual(scores, { entailment: expected.entailment, neutral: expected.neutral, contradiction: expected.contradiction });
  });

  it('accepts a bare URL and #path=', async () => {
    const provider = await createEmbeddingProvider(`${server.base}#path=/v1/embeddings`, OPTIONS);
    await provider.embed(['hello']);
    assert.equal(server.requests[0]!.path, '/v1/embeddings');
  });

  it('retries 429 and 5xx, honouring Retry-After', async () => {
    server.failures.push({ status: 429, retryAfter: '2' }, { status: 503 });
    const provider = await createEmbeddingProvider(`http:${server.base}/v1`, OPTIONS);
    const [vector] = await provider.embed(['hello']);
    assert.equal(vector!.length, DIMENSIONS);
    assert.equal(server.requests.length, 3);
    // the chat backends' policy (docs/backends.md, "Retry"): at least Retry-After (2 s) after attempt 1;
    // after attempt 2, b = 500 ms · 2^(2−1) = 1000 ms, waited 0.75 b = 750 ms
    assert.deepEqual(sleeps, [2000, 750]);
  });

  it('408 is a timeout, retried as chat backends retry it; Retry-After on a 503 as an HTTP date', async () => {
    server.failures.push({ status: 408 });
    const provider = await createEmbeddingProvider(`http:${server.base}/v1`, OPTIONS);
    await provider.embed(['hello']);
    assert.equal(server.requests.length, 2);
    // after attempt 1, b = 500 ms: 0.75 b = 375 ms
    assert.deepEqual(sleeps, [375]);
    server.requests.length = 0;
    sleeps.length = 0;
    // an HTTP date has whole seconds: 5 s ahead of now is 4–5 s away once rounded down
    server.failures.push({ status: 503, retryAfter: new Date(Date.now() + 5000).toUTCString() });
    await provider.embed(['again']);
    assert.equal(server.requests.length, 2);
    assert.ok(sleeps[0]! > 3000 && sleeps[0]! <= 5000, `waited ${sleeps[0]} ms`);
    server.failures.push({ status: 408 }, { status: 408 }, { status: 408 });
    await assert.rejects(provider.embed(['slow']), (error: unknown) => error instanceof BackendError && error.failure === 'timeout' && error.status === 408 && /gave up after 2 timeouts/.test(error.message));
  });

  it('gives up after four attempts with a server error', async () => {
    server.failures.push({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    const provider = await createNliProvider(`http:${server.base}`, OPTIONS);
    await assert.rejects(provider.classify([{ premise: 'a', hypothesis: 'b' }]), (error: unknown) => error instanceof BackendError && error.failure === 'server-error' && error.status === 500);
    assert.equal(server.requests.length, 4);
  });

  it('does not retry a bad request, and says where to look for a 404', async () => {
    server.failures.push({ status: 400 });
    const provider = await createEmbeddingProvider(`http:${server.base}/v1`, OPTIONS);
    await assert.rejects(provider.embed(['x']), (error: unknown) => error instanceof BackendError && error.failure === 'bad-request');
    assert.equal(server.requests.length, 1);
    const wrongPath = await createEmbeddingProvider(`http:${server.base}`, OPTIONS);
    await assert.rejects(wrongPath.embed(['x']), (error: unknown) => error instanceof BackendError && /\/embeddings/.test(error.hint ?? ''));
  });

  it('times out a slow server', async () => {
    server.delayMs = 300;
    const provider = await createNliProvider(`http:${server.base}#timeout-ms=50`, OPTIONS);
    await assert.rejects(provider.classify([{ premise: 'a', hypothesis: 'b' }]), (error: unknown) => error instanceof BackendError && error.failure === 'timeout' && /gave up after 2 timeouts/.test(error.message));
    assert.equal(server.requests.length, 2);
  });

  it('rejects an answer of the wrong shape', async () => {
    server.malformed = true;
    const embedder = await createEmbeddingProvider(`http:${server.base}/v1`, OPTIONS);
    await assert.rejects(embedder.embed(['x']), (error: unknown) => error instanceof BackendError && error.failure === 'malformed-output');
    const classifier = await createNliProvider(`http:${server.base}`, OPTIONS);
    await assert.rejects(classifier.classify([{ premise: 'a', hypothesis: 'b' }]), (error: unknown) => error instanceof BackendError && error.failure === 'malformed-output');
  });

  it('sends the key named by #key-env and never puts it in the id', async () => {
    const env = { QUORUM_TEST_EMBEDDING_KEY: 'sk-test-secret-value-123' };
    const provider = await createEmbeddingProvider(`http:${server.base}/v1#key-env=QUORUM_TEST_EMBEDDING_KEY`, { ...OPTIONS, env });
    await provider.embed(['x']);
    assert.equal(server.requests[0]!.authorization, 'Bearer sk-test-secret-value-123');
    assert.ok(!provider.id.includes('secret'));
    await assert.rejects(createEmbeddingProvider(`http:${server.base}/v1#key-env=QUORUM_TEST_UNSET_KEY`, { ...OPTIONS, env: {} }), ConfigError);
    await assert.rejects(createEmbeddingProvider('http:http://user:pass@127.0.0.1:1/v1', OPTIONS), ConfigError);
  });
});
