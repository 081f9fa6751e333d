import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBackendSpec, type OpenAiSpec } from '../../src/backends/backend-spec.js';
import { concurrencyMiddleware } from '../../src/backends/middleware/concurrency-middleware.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { OpenAiBackend } from '../../src/backends/openai/openai-backend.js';
import type { ChatBackend, ChatRequest, ChatResponse } from '../../src/spec/chat.js';
import { BackendError, ConfigError } from '../../src/spec/errors.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'hi' }], decoding: {} };

function countingBackend() {
  const state = { inFlight: 0, maxInFlight: 0, calls: 0 };
  const backend: ChatBackend = {
    specificationVersion: 'v1',
    provider: 'test',
    modelId: 'm',
    id: 'test:m',
    async complete(): Promise<ChatResponse> {
      state.calls++;
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5 + (state.calls % 3) * 3));
      state.inFlight--;
      return { text: 'ok', usage: { promptTokens: 1, cachedPromptTokens: 0, completionTokens: 1 }, latencyMs: 1, finishReason: 'stop', model: 'm', cacheHit: false, costUsd: null, attempts: 1 };
    },
  };
  return { backend, state };
}

describe('concurrencyMiddleware', () => {
  it('never has more than the limit in flight, and finishes everything', async () => {
    const { backend, state } = countingBackend();
    const limited = wrapBackend(backend, concurrencyMiddleware(3));
    const responses = await Promise.all(Array.from({ length: 25 }, () => limited.complete(request)));
    assert.equal(responses.length, 25);
    assert.equal(state.calls, 25);
    assert.equal(state.maxInFlight, 3);
  });

  it('limits real HTTP calls (the openai client has no limit of its own)', async () => {
    const server = await FakeOpenAiServer.start({ latencyMs: 10 });
    try {
      const openai = new OpenAiBackend(parseBackendSpec(`openai:m@${server.url}`) as OpenAiSpec, { env: {} });
      const limited = wrapBackend(openai, concurrencyMiddleware(4));
      await Promise.all(Array.from({ length: 20 }, () => limited.complete(request)));
      assert.equal(server.stats.handled, 20);
      assert.ok(server.stats.maxInFlight <= 4, `max in flight ${server.stats.maxInFlight}`);
      assert.ok(server.stats.maxInFlight >= 2, 'calls do overlap');
    } finally {
      await server.close();
    }
  });

  it('gives each wrapped backend its own limit', async () => {
    const first = countingBackend();
    const second = countingBackend();
    const middleware = concurrencyMiddleware(2);
    const a = wrapBackend(first.backend, middleware);
    const b = wrapBackend(second.backend, middleware);
    await Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 === 0 ? a : b).complete(request)));
    assert.equal(first.state.maxInFlight, 2);
    assert.equal(second.state.maxInFlight, 2);
  });

  it('drops calls cancelled while waiting for a slot', async () => {
    const { backend, state } = countingBackend();
    const limited = wrapBackend(backend, concurrencyMiddleware(1));
    const controller = new AbortController();
    const running = limited.complete(request);
    const waiting = limited.complete({ ...request, signal: controller.signal });
    controller.abort();
    await running;
    await assert.rejects(waiting, (error: unknown) => error instanceof BackendError && error.failure === 'aborted');
    assert.equal(state.calls, 1);
  });

  it('starts a call at once when a slot is free, and waiting calls in the order they came', async () => {
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const backend: ChatBackend = {
      specificationVersion: 'v1',
      provider: 'test',
      modelId: 'm',
      id: 'test:m',
      async complete(call): Promise<ChatResponse> {
        started.push(call.sampleIndex ?? 0);
        await new Promise<void>((resolve) => releases.push(resolve));
        return { text: 'ok', usage: { promptTokens: 1, cachedPromptTokens: 0, completionTokens: 1 }, latencyMs: 1, finishReason: 'stop', model: 'm', cacheHit: false, costUsd: null, attempts: 1 };
      },
    };
    const limited = wrapBackend(backend, concurrencyMiddleware(2));
    const calls = [0, 1].map((sampleIndex) => limited.complete({ ...request, sampleIndex }));
    assert.deepEqual(started, [0, 1], 'both started before the caller yielded');
    calls.push(...[2, 3, 4].map((sampleIndex) => limited.complete({ ...request, sampleIndex })));
    while (started.length < 5) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
      // A newcomer while a slot is being handed over waits behind the ones already waiting.
      if (started.length === 3) calls.push(limited.complete({ ...request, sampleIndex: 5 }));
    }
    assert.deepEqual(started, [0, 1, 2, 3, 4]);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(calls);
    assert.deepEqual(started, [0, 1, 2, 3, 4, 5]);
  });

  it('refuses a limit that is not a positive integer', () => {
    assert.throws(() => concurrencyMiddleware(0), ConfigError);
    assert.throws(() => concurrencyMiddleware(1.5), ConfigError);
  });
});
