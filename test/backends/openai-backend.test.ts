import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { describe, it } from 'node:test';
import { parseBackendSpec, type OpenAiSpec } from '../../src/backends/backend-spec.js';
import { retryMiddleware } from '../../src/backends/middleware/retry-middleware.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { OpenAiBackend, type OpenAiBackendOptions } from '../../src/backends/openai/openai-backend.js';
import type { ChatRequest, ResponseFormat } from '../../src/spec/chat.js';
import { BackendError } from '../../src/spec/errors.js';
import { FakeOpenAiServer, type FakeOpenAiServerOptions } from '../helpers/fake-openai-server.js';

const answerFormat: ResponseFormat = {
  name: 'answer',
  schema: {
    type: 'object',
    properties: { answer: { type: 'string', enum: ['A', 'B', 'C', 'D'] }, rationale: { type: 'string' } },
    required: ['answer', 'rationale'],
    additionalProperties: false,
  },
};

const question: ChatRequest = {
  messages: [
    { role: 'system', content: 'You are a careful clinician.' },
    { role: 'user', content: 'Which option is right? A B C D' },
  ],
  decoding: { temperature: 0.7, topP: 0.9, maxTokens: 64, seed: 1234, stop: ['###'] },
};

async function withServer(
  serverOptions: FakeOpenAiServerOptions,
  run: (server: FakeOpenAiServer, backend: (spec?: string, options?: OpenAiBackendOptions) => OpenAiBackend) => Promise<void>,
): Promise<void> {
  const server = await FakeOpenAiServer.start(serverOptions);
  try {
    await run(server, (spec = `openai:test-model@${server.url}`, options = { env: {} }) => new OpenAiBackend(parseBackendSpec(spec) as OpenAiSpec, options));
  } finally {
    await server.close();
  }
}

/** Retries with a recorded, instant sleep. */
function instantRetry(delays: number[]) {
  return retryMiddleware({ sleep: async (ms) => void delays.push(ms), random: () => 0 });
}

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof BackendError, `expected a BackendError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

describe('OpenAiBackend', () => {
  it('sends the decoding settings and maps usage, model and finish reason', async () => {
    await withServer({}, async (server, backend) => {
      server.enqueue({ kind: 'reply', text: 'The answer is C.', promptTokens: 120, cachedTokens: 100, completionTokens: 5, model: 'test-model-2025-01-01' });
      const openai = backend();
      const response = await openai.complete(question);
      assert.equal(response.text, 'The answer is C.');
      assert.deepEqual(response.usage, { promptTokens: 120, cachedPromptTokens: 100, completionTokens: 5 });
      assert.equal(response.model, 'test-model-2025-01-01');
      assert.equal(response.finishReason, 'stop');
      assert.equal(response.cacheHit, false);
      assert.equal(response.costUsd, null);
      assert.equal(response.attempts, 1);
      assert.equal(response.structured, undefined);
      assert.ok(response.latencyMs > 0);
      assert.equal(openai.id, `openai:test-model@${server.url}`);
      assert.equal(openai.modelId, 'test-model');
      const body = server.requests[0]!.body;
      assert.equal(body.model, 'test-model');
      assert.deepEqual(body.messages, question.messages);
      assert.equal(body['seed'], 1234);
      assert.equal(body['temperature'], 0.7);
      assert.equal(body['top_p'], 0.9);
      assert.equal(body['max_tokens'], 64);
      assert.deepEqual(body['stop'], ['###']);
      assert.equal(body.response_format, undefined);
    });
  });

  it('sends a base URL query after /chat/completions, not before it', async () => {
    await withServer({}, async (server, backend) => {
      const openai = backend(`openai:test-model@${server.url}?api-version=2024-06-01`);
      assert.equal((await openai.complete(question)).text, 'ok');
      assert.equal(server.requests[0]!.url, '/v1/chat/completions?api-version=2024-06-01');
      assert.equal(openai.id, `openai:test-model@${server.url}?api-version=2024-06-01`);
    });
  });

  it('leaves unset decoding fields out of the request', async () => {
    await withServer({}, async (server, backend) => {
      await backend().complete({ messages: [{ role: 'user', content: 'hi' }], decoding: {} });
      const body = server.requests[0]!.body;
      for (const field of ['seed', 'temperature', 'top_p', 'max_tokens', 'stop', 'response_format']) assert.equal(field in body, false, field);
    });
  });

  it('works against the fake server in fast mode (used by benchmarks)', async () => {
    await withServer({ fastReply: 'fixed reply', latencyMs: 5 }, async (server, backend) => {
      const openai = backend();
      const responses = await Promise.all(Array.from({ length: 10 }, () => openai.complete(question)));
      assert.ok(responses.every((response) => response.text === 'fixed reply' && response.finishReason === 'stop'));
      assert.ok(responses.every((response) => response.latencyMs >= 4));
      assert.equal(server.requests.length, 0, 'fast mode records nothing');
    });
  });

  it('sends the same calls through a fetch given as the `fetch` option, with the same failure classes', async () => {
    await withServer({}, async (server, backend) => {
      const fetched: string[] = [];
      const spy: typeof fetch = (input, init) => {
        fetched.push(String(input));
        return fetch(input, init);
      };
      const openai = backend(undefined, { env: { OPENAI_API_KEY: 'sk-fetch-key-0123456789' }, fetch: spy });
      server.enqueue({ kind: 'reply', text: 'via fetch', promptTokens: 7, completionTokens: 2 });
      const response = await openai.complete(question);
      assert.deepEqual([response.text, response.usage.promptTokens, response.usage.completionTokens], ['via fetch', 7, 2]);
      assert.deepEqual(fetched, [`${server.url}/chat/completions`]);
      assert.equal(server.requests[0]!.headers['authorization'], 'Bearer sk-fetch-key-0123456789');
      assert.equal(server.requests[0]!.body['seed'], 1234);

      server.enqueue({ kind: 'status', status: 503, message: 'overloaded' });
      const unavailable = await rejection(openai.complete(question));
      assert.deepEqual([unavailable.failure, unavailable.status], ['server-error', 503]);
      assert.match(unavailable.message, /: 503 overloaded$/);
      server.enqueue({ kind: 'malformed' });
      assert.equal((await rejection(openai.complete(question))).failure, 'server-error');
      server.enqueue({ kind: 'reset' });
      assert.equal((await rejection(openai.complete(question))).failure, 'connection');
    });
  });

  it('maps finish_reason length to length', async () => {
    await withServer({}, async (server, backend) => {
      server.enqueue({ kind: 'reply', text: 'The answer is', finishReason: 'length' });
      assert.equal((await backend().complete(question)).finishReason, 'length');
    });
  });

  describe('structured output', () => {
    it('uses the json_schema response format natively when the server supports it', async () => {
      await withServer({}, async (server, backend) => {
        const openai = backend();
        server.enqueue({ kind: 'reply', text: '{"answer":"C","rationale":"because"}' });
        const response = await openai.complete({ ...question, responseFormat: answerFormat });
        assert.equal(response.structured, 'native');
        assert.deepEqual(response.json, { answer: 'C', rationale: 'because' });
        assert.equal(response.attempts, 1);
        assert.equal(openai.nativeSchemaSupport, 'supported');
        assert.deepEqual(server.requests[0]!.body.response_format, {
          type: 'json_schema',
          json_schema: { name: 'answer', schema: answerFormat.schema, strict: true },
        });
        assert.deepEqual(server.requests[0]!.body.messages, question.messages);
      });
    });

    it('falls back to a schema instruction and tolerant parsing when the server refuses json_schema, and remembers it', async () => {
      await withServer({ jsonSchema: false }, async (server, backend) => {
        const openai = backend();
        server.enqueue({ kind: 'reply', text: 'Sure:\n```json\n{"answer": "B", "rationale": "x",}\n```' });
        const response = await openai.complete({ ...question, responseFormat: answerFormat });
        assert.equal(response.structured, 'tolerant');
        assert.deepEqual(response.json, { answer: 'B', rationale: 'x' });
        assert.equal(response.attempts, 2, 'the refused call counts');
        assert.equal(openai.nativeSchemaSupport, 'unsupported');
        const fallback = server.requests[1]!.body;
        assert.equal(fallback.response_format, undefined);
        assert.equal(fallback.messages.length, 2);
        assert.match(fallback.messages[0]!.content, /^You are a careful clinician\.\n\n.*JSON schema/s);
        assert.ok(fallback.messages[0]!.content.includes('"enum":["A","B","C","D"]'));

        server.enqueue({ kind: 'reply', text: '{"answer":"A","rationale":"y"}' });
        const again = await openai.complete({ ...question, responseFormat: answerFormat });
        assert.equal(again.attempts, 1, 'no second refusal');
        assert.equal(again.structured, 'tolerant');
        assert.equal(server.requests[2]!.body.response_format, undefined);
      });
    });

    it('adds a system message when the conversation has none', async () => {
      await withServer({ jsonSchema: false }, async (server, backend) => {
        server.enqueue({ kind: 'reply', text: '{"answer":"A","rationale":"y"}' });
        await backend().complete({ messages: [{ role: 'user', content: 'Q?' }], decoding: {}, responseFormat: answerFormat });
        const sent = server.requests[1]!.body.messages;
        assert.equal(sent[0]!.role, 'system');
        assert.deepEqual(sent[1], { role: 'user', content: 'Q?' });
      });
    });

    it('repairs once when the tolerant reply does not parse', async () => {
      await withServer({ jsonSchema: false }, async (server, backend) => {
        server.enqueue(
          { kind: 'reply', text: 'I believe the answer is C.', promptTokens: 10, completionTokens: 6 },
          { kind: 'reply', text: '{"answer":"C","rationale":"fixed"}', promptTokens: 20, completionTokens: 4 },
        );
        const response = await backend().complete({ ...question, responseFormat: answerFormat });
        assert.equal(response.structured, 'repaired');
        assert.deepEqual(response.json, { answer: 'C', rationale: 'fixed' });
        assert.equal(response.text, '{"answer":"C","rationale":"fixed"}');
        assert.equal(response.attempts, 3);
        assert.deepEqual(response.usage, { promptTokens: 30, cachedPromptTokens: 0, completionTokens: 10 });
        const repair = server.requests[2]!.body.messages;
        assert.deepEqual(repair.at(-2), { role: 'assistant', content: 'I believe the answer is C.' });
        assert.equal(repair.at(-1)!.role, 'user');
        assert.match(repair.at(-1)!.content, /not valid JSON/);
      });
    });

    it('repairs a native reply that violates the schema, keeping the response format', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'reply', text: '{"answer":"E","rationale":"no"}' }, { kind: 'reply', text: '{"answer":"D","rationale":"yes"}' });
        const response = await backend().complete({ ...question, responseFormat: answerFormat });
        assert.equal(response.structured, 'repaired');
        assert.deepEqual(response.json, { answer: 'D', rationale: 'yes' });
        assert.ok(server.requests[1]!.body.response_format !== undefined);
        assert.match(server.requests[1]!.body.messages.at(-1)!.content, /answer/);
      });
    });

    it('throws malformed-output when the repair fails too', async () => {
      await withServer({ jsonSchema: false }, async (server, backend) => {
        server.enqueue({ kind: 'reply', text: 'C' }, { kind: 'reply', text: 'still C, sorry' });
        const error = await rejection(backend().complete({ ...question, responseFormat: answerFormat }));
        assert.equal(error.failure, 'malformed-output');
        assert.equal(error.retryable, false);
        assert.match(error.message, /"answer" after one repair/);
        assert.deepEqual((error.cause as { lastReply: string }).lastReply, 'still C, sorry');
        assert.equal(server.requests.length, 3);
      });
    });

    it('sends a truncated structured reply to repair, and fails with a maxTokens hint when it stays truncated', async () => {
      await withServer({}, async (server, backend) => {
        const openai = backend();
        server.enqueue(
          { kind: 'reply', text: '{"answer":"C","rationale":"because the', finishReason: 'length' },
          { kind: 'reply', text: '{"answer":"C","rationale":"short"}' },
        );
        const repaired = await openai.complete({ ...question, responseFormat: answerFormat });
        assert.equal(repaired.structured, 'repaired');
        assert.equal(repaired.finishReason, 'stop');

        server.enqueue(
          { kind: 'reply', text: '{"answer":"C","rationale":"because the', finishReason: 'length' },
          { kind: 'reply', text: '{"answer":"C","rationale":"again the', finishReason: 'length' },
        );
        const error = await rejection(openai.complete({ ...question, responseFormat: answerFormat }));
        assert.equal(error.failure, 'malformed-output');
        assert.match(error.hint ?? '', /maxTokens/);
      });
    });

    it('remembers a schema the server calls invalid without giving up native output for others', async () => {
      await withServer({}, async (server, backend) => {
        const openai = backend();
        server.enqueue({ kind: 'reply', text: '{"answer":"A","rationale":"r"}' });
        await openai.complete({ ...question, responseFormat: answerFormat });
        const loose: ResponseFormat = { name: 'loose', schema: { type: 'object', properties: { note: { type: 'string' } } } };
        server.enqueue(
          { kind: 'status', status: 400, message: "Invalid schema for response_format 'loose': 'required' is required to be supplied" },
          { kind: 'reply', text: '{"note":"n"}' },
        );
        const response = await openai.complete({ ...question, responseFormat: loose });
        assert.equal(response.structured, 'tolerant');
        assert.equal(openai.nativeSchemaSupport, 'supported');
        server.enqueue({ kind: 'reply', text: '{"note":"m"}' }, { kind: 'reply', text: '{"answer":"B","rationale":"r"}' });
        await openai.complete({ ...question, responseFormat: loose });
        assert.equal(server.requests.at(-1)!.body.response_format, undefined);
        assert.equal((await openai.complete({ ...question, responseFormat: answerFormat })).structured, 'native');
      });
    });
  });

  describe('failures', () => {
    it('classifies 429 as rate-limited with Retry-After, and the retry waits at least that long', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '2' } });
        const error = await rejection(backend().complete(question));
        assert.equal(error.failure, 'rate-limited');
        assert.equal(error.status, 429);
        assert.equal(error.retryAfterMs, 2000);
        assert.ok(error.retryable);

        const delays: number[] = [];
        server.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '3' } }, { kind: 'reply', text: 'done' });
        const response = await wrapBackend(backend(), instantRetry(delays)).complete(question);
        assert.equal(response.text, 'done');
        assert.equal(response.attempts, 2);
        assert.equal(delays.length, 1);
        assert.ok(delays[0]! >= 3000, `waited ${delays[0]} ms`);
      });
    });

    it('reads retry-after-ms and HTTP-date Retry-After headers', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'status', status: 429, headers: { 'retry-after-ms': '1500' } });
        assert.equal((await rejection(backend().complete(question))).retryAfterMs, 1500);
        server.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': new Date(Date.now() + 60_000).toUTCString() } });
        const fromDate = (await rejection(backend().complete(question))).retryAfterMs!;
        assert.ok(fromDate > 50_000 && fromDate <= 60_000, `${fromDate}`);
      });
    });

    it('408 is a timeout (as for audit model servers), retried; a 503 carries its Retry-After', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'status', status: 408, message: 'request timeout' });
        const error = await rejection(backend().complete(question));
        assert.equal(error.failure, 'timeout');
        assert.equal(error.status, 408);
        assert.ok(error.retryable);
        server.enqueue({ kind: 'status', status: 503, headers: { 'retry-after': '4' } });
        assert.equal((await rejection(backend().complete(question))).retryAfterMs, 4000);

        const delays: number[] = [];
        server.enqueue({ kind: 'status', status: 408 }, { kind: 'reply', text: 'after the timeout' });
        const response = await wrapBackend(backend(), instantRetry(delays)).complete(question);
        assert.equal(response.text, 'after the timeout');
        assert.equal(response.attempts, 2);
      });
    });

    it('retries a 500 and succeeds', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'status', status: 500, message: 'boom' });
        const error = await rejection(backend().complete(question));
        assert.equal(error.failure, 'server-error');
        assert.equal(error.status, 500);

        const delays: number[] = [];
        server.enqueue({ kind: 'status', status: 503 }, { kind: 'reply', text: 'recovered' });
        const response = await wrapBackend(backend(), instantRetry(delays)).complete(question);
        assert.equal(response.text, 'recovered');
        assert.equal(response.attempts, 2);
      });
    });

    it('times out a server that never answers, then succeeds on retry', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'hang' });
        const openai = backend(`openai:test-model@${server.url}#timeout-ms=200`);
        const error = await rejection(openai.complete(question));
        assert.equal(error.failure, 'timeout');
        assert.ok(error.retryable);

        server.enqueue({ kind: 'hang' }, { kind: 'reply', text: 'in time' });
        const response = await wrapBackend(openai, instantRetry([])).complete(question);
        assert.equal(response.text, 'in time');
        assert.equal(response.attempts, 2);
      });
    });

    it('times out a body that stalls after the headers', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'stall-body' });
        const error = await rejection(backend(undefined, { env: {}, timeoutMs: 200 }).complete(question));
        assert.equal(error.failure, 'timeout');
      });
    });

    it('classifies a reset connection and succeeds on retry', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'reset' });
        const error = await rejection(backend().complete(question));
        assert.equal(error.failure, 'connection');
        assert.ok(error.retryable);

        server.enqueue({ kind: 'reset' }, { kind: 'reply', text: 'back' });
        const response = await wrapBackend(backend(), instantRetry([])).complete(question);
        assert.equal(response.text, 'back');
        assert.equal(response.attempts, 2);
      });
    });

    it('classifies a refused connection with a hint naming the URL', async () => {
      const server = await FakeOpenAiServer.start();
      const url = server.url;
      await server.close();
      const error = await rejection(new OpenAiBackend(parseBackendSpec(`openai:m@${url}`) as OpenAiSpec, { env: {} }).complete(question));
      assert.equal(error.failure, 'connection');
      assert.match(error.message, /ECONNREFUSED/);
      assert.ok(error.hint?.includes(url));
    });

    it('treats a malformed JSON body as a retryable server error', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'malformed' });
        const error = await rejection(backend().complete(question));
        assert.equal(error.failure, 'server-error');
        assert.match(error.message, /not valid JSON/);

        server.enqueue({ kind: 'malformed' }, { kind: 'reply', text: 'whole' });
        assert.equal((await wrapBackend(backend(), instantRetry([])).complete(question)).text, 'whole');
      });
    });

    it('classifies 404 and other 4xx as bad requests that are not retried', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'status', status: 404, message: 'The model `nope` does not exist' });
        const notFound = await rejection(backend().complete(question));
        assert.equal(notFound.failure, 'bad-request');
        assert.match(notFound.hint ?? '', /\/v1/);

        const delays: number[] = [];
        server.enqueue({ kind: 'status', status: 400, message: 'temperature out of range' });
        const error = await rejection(wrapBackend(backend(), instantRetry(delays)).complete(question));
        assert.equal(error.failure, 'bad-request');
        assert.equal(delays.length, 0);
        assert.equal(server.requests.length, 2);
      });
    });

    it('switches to max_completion_tokens when the server asks for it', async () => {
      await withServer({}, async (server, backend) => {
        const openai = backend();
        server.enqueue(
          { kind: 'status', status: 400, message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." },
          { kind: 'reply', text: 'ok' },
          { kind: 'reply', text: 'ok again' },
        );
        const response = await openai.complete(question);
        assert.equal(response.attempts, 2);
        assert.equal(server.requests[1]!.body['max_completion_tokens'], 64);
        assert.equal('max_tokens' in server.requests[1]!.body, false);
        await openai.complete(question);
        assert.equal(server.requests[2]!.body['max_completion_tokens'], 64);
      });
    });

    it('cancels with the caller signal', async () => {
      await withServer({}, async (server, backend) => {
        server.enqueue({ kind: 'hang' });
        const controller = new AbortController();
        const pending = backend().complete({ ...question, signal: controller.signal });
        setTimeout(() => controller.abort(), 50);
        const error = await rejection(pending);
        assert.equal(error.failure, 'aborted');
        assert.equal(error.retryable, false);
      });
    });
  });

  describe('API keys', () => {
    const secret = 'sk-wrong-secret-0123456789abcdef';

    it('sends the key from OPENAI_API_KEY', async () => {
      await withServer({ apiKey: 'sk-right-key-0123456789' }, async (server, backend) => {
        const response = await backend(undefined, { env: { OPENAI_API_KEY: 'sk-right-key-0123456789' } }).complete(question);
        assert.equal(response.text, 'ok');
        assert.equal(server.requests[0]!.headers.authorization, 'Bearer sk-right-key-0123456789');
      });
    });

    it('reads the key from the variable named by key-env', async () => {
      await withServer({ apiKey: 'sk-right-key-0123456789' }, async (server, backend) => {
        const spec = `openai:test-model@${server.url}#key-env=MY_PROVIDER_KEY`;
        const response = await backend(spec, { env: { OPENAI_API_KEY: 'other', MY_PROVIDER_KEY: 'sk-right-key-0123456789' } }).complete(question);
        assert.equal(response.text, 'ok');
        assert.equal(backend(spec).id, `openai:test-model@${server.url}`);
      });
    });

    it('names the variable in the auth hint and never shows the key', async () => {
      await withServer({ apiKey: 'sk-right-key-0123456789' }, async (server, backend) => {
        const openai = backend(`openai:test-model@${server.url}#key-env=MY_PROVIDER_KEY`, { env: { MY_PROVIDER_KEY: secret } });
        const error = await rejection(openai.complete(question));
        assert.equal(error.failure, 'auth');
        assert.equal(error.status, 401);
        assert.equal(error.retryable, false);
        assert.match(error.hint ?? '', /MY_PROVIDER_KEY/);
        assert.match(error.hint ?? '', /refused/);
        for (const text of [error.message, error.hint ?? '', openai.id, JSON.stringify(openai), inspect(openai, { depth: 5 }), inspect(error, { depth: 5 })]) {
          assert.equal(text.includes(secret), false, `key leaked into: ${text}`);
          assert.equal(text.includes('0123456789abcdef'), false, `part of the key leaked into: ${text}`);
        }
      });
    });

    it('says when the variable is not set', async () => {
      await withServer({ apiKey: 'sk-right-key-0123456789' }, async (server, backend) => {
        const error = await rejection(backend(undefined, { env: {} }).complete(question));
        assert.equal(error.failure, 'auth');
        assert.match(error.hint ?? '', /OPENAI_API_KEY is not set/);
      });
    });
  });
});
