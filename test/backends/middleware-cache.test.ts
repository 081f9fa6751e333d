import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';
import { cacheMiddleware } from '../../src/backends/middleware/cache-middleware.js';
import { completionCacheKey } from '../../src/backends/middleware/completion-cache-key.js';
import { MemoryCompletionCache } from '../../src/backends/middleware/completion-cache.js';
import { imageCacheKey } from '../../src/backends/middleware/image-cache-key.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import type { ChatBackend, ChatRequest, ChatResponse } from '../../src/spec/chat.js';
import { BackendError } from '../../src/spec/errors.js';

const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Answer briefly.' },
    { role: 'user', content: 'What is 2 + 2?' },
  ],
  decoding: { temperature: 0.7, maxTokens: 32, seed: 42 },
};

describe('completionCacheKey', () => {
  const key = completionCacheKey('scripted:m', request);

  it('is the SHA-256 of this exact canonical JSON (a change here invalidates every stored cache)', () => {
    const canonical =
      '{"backend":"scripted:m","decoding":{"maxTokens":32,"seed":42,"temperature":0.7},' +
      '"messages":[{"content":"Answer briefly.","role":"system"},{"content":"What is 2 + 2?","role":"user"}],' +
      '"responseFormat":null,"sampleIndex":0,"v":1}';
    assert.equal(key, createHash('sha256').update(canonical).digest('hex'));
  });

  it('ignores key order, the signal, extra properties, an empty stop list and sampleIndex 0', () => {
    const reordered: ChatRequest = {
      decoding: { seed: 42, maxTokens: 32, temperature: 0.7, stop: [] },
      messages: request.messages.map((message) => ({ content: message.content, role: message.role })),
      sampleIndex: 0,
      signal: new AbortController().signal,
    };
    assert.equal(completionCacheKey('scripted:m', reordered), key);
  });

  it('changes with the seed, sample index, messages, decoding, response format and backend', () => {
    const variants: Array<[string, string]> = [
      ['seed', completionCacheKey('scripted:m', { ...request, decoding: { ...request.decoding, seed: 43 } })],
      ['sampleIndex', completionCacheKey('scripted:m', { ...request, sampleIndex: 1 })],
      ['messages', completionCacheKey('scripted:m', { ...request, messages: [...request.messages, { role: 'user', content: 'again' }] })],
      ['temperature', completionCacheKey('scripted:m', { ...request, decoding: { ...request.decoding, temperature: 0 } })],
      ['stop', completionCacheKey('scripted:m', { ...request, decoding: { ...request.decoding, stop: ['\n'] } })],
      ['responseFormat', completionCacheKey('scripted:m', { ...request, responseFormat: { name: 'a', schema: { type: 'object' } } })],
      ['backend', completionCacheKey('scripted:other', request)],
    ];
    for (const [what, variant] of variants) assert.notEqual(variant, key, what);
    assert.equal(new Set(variants.map(([, variant]) => variant)).size, variants.length);
  });
});

describe('completionCacheKey with images', () => {
  // Two 1-byte "images" as base64 data URLs: 0x00 is "AA==", 0x01 is "AQ==".
  const withImage = (images: string[]): ChatRequest => ({ ...request, messages: [request.messages[0]!, { ...request.messages[1]!, images }] });

  it('differs for two calls that differ only in an image', () => {
    const zero = completionCacheKey('scripted:m', withImage(['data:image/png;base64,AA==']));
    const one = completionCacheKey('scripted:m', withImage(['data:image/png;base64,AQ==']));
    assert.notEqual(zero, one);
    assert.notEqual(zero, completionCacheKey('scripted:m', request), 'an image is part of the key');
    assert.notEqual(completionCacheKey('scripted:m', withImage(['https://example.org/a.png'])), completionCacheKey('scripted:m', withImage(['https://example.org/b.png'])));
    assert.notEqual(zero, completionCacheKey('scripted:m', withImage(['data:image/png;base64,AA==', 'data:image/png;base64,AA=='])), 'the number of images counts');
  });

  it('keys a data URL by its bytes: the same bytes written differently give the same key', () => {
    // "AA==" and "AA" (unpadded) and a line-broken base64 decode to the same byte 0x00
    const key = completionCacheKey('scripted:m', withImage(['data:image/png;base64,AA==']));
    assert.equal(completionCacheKey('scripted:m', withImage(['data:image/png;base64,AA'])), key);
    assert.equal(completionCacheKey('scripted:m', withImage(['data:image/png;base64,A\nA=='])), key);
    assert.notEqual(completionCacheKey('scripted:m', withImage(['data:image/jpeg;base64,AA=='])), key, 'the declared type is sent, so it counts');
    // not base64: percent-encoded text; "%41" and "A" are the same byte, a malformed escape still gives a key
    assert.deepEqual(imageCacheKey('data:image/svg+xml,%41'), imageCacheKey('data:image/svg+xml,A'));
    assert.notDeepEqual(imageCacheKey('data:image/svg+xml,%E0%A4%A'), imageCacheKey('data:image/svg+xml,A'));
  });

  it('keys a local image file by its content, not its path: rewriting the file changes the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'quorum-image-key-'));
    try {
      const file = join(dir, 'chart.png');
      writeFileSync(file, Buffer.from([0]));
      // SHA-256 of the single byte 0x00, a published test value
      assert.deepEqual(imageCacheKey(file), { file: '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d' });
      assert.deepEqual(imageCacheKey(pathToFileURL(file).href), imageCacheKey(file));
      const before = completionCacheKey('scripted:m', withImage([file]));
      writeFileSync(file, Buffer.from([1]));
      assert.notEqual(completionCacheKey('scripted:m', withImage([file])), before);
      assert.throws(() => imageCacheKey(join(dir, 'absent.png')), /cannot read the image/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps the key of a request without images unchanged (stored caches stay valid)', () => {
    assert.equal(completionCacheKey('scripted:m', withImage([])), completionCacheKey('scripted:m', request));
  });
});

describe('cacheMiddleware', () => {
  it('serves the second identical call from the cache, free and instant', async () => {
    const scripted = new ScriptedBackend({ model: 'm', replies: ['{"answer": "4"}'], pricePerMillion: { prompt: 1, completion: 2 } });
    const cache = new MemoryCompletionCache();
    const backend = wrapBackend(scripted, cacheMiddleware(cache));
    const withFormat = { ...request, responseFormat: { name: 'answer', schema: { type: 'object' } } };
    const first = await backend.complete(withFormat);
    assert.equal(first.cacheHit, false);
    assert.equal(cache.size, 1);
    const second = await backend.complete(withFormat);
    assert.equal(scripted.calls.length, 1);
    assert.deepEqual(second, {
      text: '{"answer": "4"}',
      json: { answer: '4' },
      structured: 'native',
      usage: first.usage,
      latencyMs: 0,
      finishReason: 'stop',
      model: 'm',
      cacheHit: true,
      costUsd: 0,
      attempts: 1,
    });
    const stored = await cache.getCompletion(completionCacheKey(scripted.id, withFormat));
    assert.equal(stored?.costUsd, first.costUsd, 'the entry keeps what the call cost');
    assert.equal(backend.id, scripted.id);
  });

  it('misses when only an image differs', async () => {
    const scripted = new ScriptedBackend({ fallback: 'x' });
    const backend = wrapBackend(scripted, cacheMiddleware(new MemoryCompletionCache()));
    const look = (image: string): ChatRequest => ({ ...request, messages: [{ role: 'user', content: 'What does the chart show?', images: [image] }] });
    await backend.complete(look('data:image/png;base64,AA=='));
    const second = await backend.complete(look('data:image/png;base64,AQ=='));
    assert.equal(second.cacheHit, false);
    assert.equal(scripted.calls.length, 2);
    assert.equal((await backend.complete(look('data:image/png;base64,AQ=='))).cacheHit, true);
  });

  it('misses on a different seed or sample index', async () => {
    const scripted = new ScriptedBackend({ fallback: 'x' });
    const backend = wrapBackend(scripted, cacheMiddleware(new MemoryCompletionCache()));
    await backend.complete(request);
    await backend.complete({ ...request, decoding: { ...request.decoding, seed: 7 } });
    await backend.complete({ ...request, sampleIndex: 1 });
    await backend.complete(request);
    assert.equal(scripted.calls.length, 3);
  });

  it('in replay mode throws cache-miss on a miss and serves hits', async () => {
    const cache = new MemoryCompletionCache();
    await wrapBackend(new ScriptedBackend({ fallback: 'four' }), cacheMiddleware(cache)).complete(request);
    const scripted = new ScriptedBackend({ fallback: 'never' });
    const replay = wrapBackend(scripted, cacheMiddleware(cache, { replay: true }));
    assert.equal((await replay.complete(request)).text, 'four');
    await assert.rejects(replay.complete({ ...request, sampleIndex: 3 }), (error: unknown) => {
      assert.ok(error instanceof BackendError);
      assert.equal(error.failure, 'cache-miss');
      assert.equal(error.retryable, false);
      assert.match(error.hint ?? '', /--replay/);
      return true;
    });
    assert.equal(scripted.calls.length, 0);
  });

  it('does not cache failures', async () => {
    const scripted = new ScriptedBackend({ replies: [new BackendError('scripted', 'server-error', 'boom'), 'fine'] });
    const cache = new MemoryCompletionCache();
    const backend = wrapBackend(scripted, cacheMiddleware(cache));
    await assert.rejects(backend.complete(request));
    assert.equal(cache.size, 0);
    assert.equal((await backend.complete(request)).text, 'fine');
  });

  it('shares one backend call between identical requests in flight', async () => {
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: ChatBackend = {
      specificationVersion: 'v1',
      provider: 'test',
      modelId: 'slow',
      id: 'test:slow',
      async complete(): Promise<ChatResponse> {
        calls++;
        await gate;
        return { text: 'shared', usage: { promptTokens: 3, cachedPromptTokens: 0, completionTokens: 1 }, latencyMs: 5, finishReason: 'stop', model: 'slow', cacheHit: false, costUsd: 0.5, attempts: 1 };
      },
    };
    const backend = wrapBackend(slow, cacheMiddleware(new MemoryCompletionCache()));
    const both = Promise.all([backend.complete(request), backend.complete(request)]);
    release();
    const [leader, follower] = await both;
    assert.equal(calls, 1);
    assert.equal(leader.cacheHit, false);
    assert.equal(leader.costUsd, 0.5);
    assert.equal(follower.cacheHit, true);
    assert.equal(follower.costUsd, 0);
    assert.equal(follower.text, 'shared');
  });

  it('passes close through', async () => {
    let closed = 0;
    const inner: ChatBackend = { specificationVersion: 'v1', provider: 't', modelId: 'm', id: 't:m', complete: async () => assert.fail(), close: async () => void closed++ };
    await wrapBackend(inner, cacheMiddleware(new MemoryCompletionCache())).close?.();
    assert.equal(closed, 1);
  });
});
