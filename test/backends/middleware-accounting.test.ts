import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountingMiddleware } from '../../src/backends/middleware/accounting-middleware.js';
import { cacheMiddleware } from '../../src/backends/middleware/cache-middleware.js';
import { MemoryCompletionCache } from '../../src/backends/middleware/completion-cache.js';
import { wrapBackend } from '../../src/backends/middleware/wrap-backend.js';
import { costUsd, PRICE_TABLE, PRICE_TABLE_VERSION, priceFor } from '../../src/backends/prices.js';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import type { ChatBackend, ChatRequest, ChatResponse, Usage } from '../../src/spec/chat.js';
import { BackendError } from '../../src/spec/errors.js';

const request: ChatRequest = { messages: [{ role: 'user', content: 'hi' }], decoding: {} };

/** A backend that reports fixed usage, as an HTTP backend would. */
function fixedBackend(modelId: string, usage: Usage, reportedModel = modelId): ChatBackend & { fail: boolean } {
  return {
    specificationVersion: 'v1',
    provider: 'test',
    modelId,
    id: `test:${modelId}`,
    fail: false,
    async complete(this: { fail: boolean }): Promise<ChatResponse> {
      if (this.fail) throw new BackendError(`test:${modelId}`, 'server-error', 'down');
      return { text: 'ok', usage, latencyMs: 100, finishReason: 'stop', model: reportedModel, cacheHit: false, costUsd: null, attempts: 1 };
    },
  };
}

describe('prices', () => {
  it('has a dated version and prices for well-known models', () => {
    assert.match(PRICE_TABLE_VERSION, /^\d{4}-\d{2}-\d{2}$/);
    for (const model of ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-mini', 'gpt-5-mini']) assert.ok(PRICE_TABLE[model], model);
  });

  it('finds dated snapshots by their base name and knows nothing of other models', () => {
    assert.equal(priceFor('gpt-4o-mini-2024-07-18'), PRICE_TABLE['gpt-4o-mini']);
    assert.equal(priceFor('qwen2.5-7b-instruct'), undefined);
    assert.deepEqual(priceFor('qwen2.5-7b-instruct', { 'qwen2.5-7b-instruct': { prompt: 0.1, completion: 0.2 } }), { prompt: 0.1, completion: 0.2 });
  });

  it('bills cached prompt tokens at the cached price', () => {
    const usage = { promptTokens: 1_000_000, cachedPromptTokens: 400_000, completionTokens: 500_000 };
    assert.ok(Math.abs(costUsd(usage, { prompt: 2, cachedPrompt: 0.5, completion: 8 }) - (0.6 * 2 + 0.4 * 0.5 + 0.5 * 8)) < 1e-12);
    assert.ok(Math.abs(costUsd(usage, { prompt: 2, completion: 8 }) - (2 + 4)) < 1e-12, 'no cached price: prompt price');
  });
});

describe('accountingMiddleware', () => {
  const usage = { promptTokens: 2000, cachedPromptTokens: 1000, completionTokens: 500 };

  it('prices calls from the table by the reported model and keeps totals', async () => {
    const accounting = accountingMiddleware();
    const backend = wrapBackend(fixedBackend('gpt-4o-mini', usage, 'gpt-4o-mini-2024-07-18'), accounting);
    const response = await backend.complete(request);
    const expected = (1000 * 0.15 + 1000 * 0.075 + 500 * 0.6) / 1e6;
    assert.ok(Math.abs(response.costUsd! - expected) < 1e-15);
    await backend.complete(request);
    const totals = accounting.totals();
    assert.equal(totals.calls, 2);
    assert.deepEqual(totals.usage, { promptTokens: 4000, cachedPromptTokens: 2000, completionTokens: 1000 });
    assert.ok(Math.abs(totals.costUsd - 2 * expected) < 1e-15);
    assert.equal(totals.latencyMs, 200);
    assert.equal(totals.unpricedCalls, 0);
    assert.equal(accounting.priceTableVersion, PRICE_TABLE_VERSION);
  });

  it('leaves unknown models unpriced (null), counts failures, and keeps totals per backend', async () => {
    const accounting = accountingMiddleware();
    const local = fixedBackend('qwen2.5-7b', usage);
    const known = wrapBackend(fixedBackend('gpt-4o', usage), accounting);
    const unknown = wrapBackend(local, accounting);
    assert.equal((await unknown.complete(request)).costUsd, null);
    await known.complete(request);
    local.fail = true;
    await assert.rejects(unknown.complete(request));
    const totals = accounting.totals();
    assert.equal(totals.calls, 2);
    assert.equal(totals.failures, 1);
    assert.equal(totals.unpricedCalls, 1);
    const byBackend = accounting.totalsByBackend();
    assert.deepEqual(Object.keys(byBackend).sort(), ['test:gpt-4o', 'test:qwen2.5-7b']);
    assert.equal(byBackend['test:qwen2.5-7b']!.failures, 1);
    assert.equal(byBackend['test:gpt-4o']!.costUsd, totals.costUsd);
  });

  it('lets a user override win, and otherwise keeps a cost the backend set', async () => {
    const scripted = new ScriptedBackend({ model: 'gpt-4o', fallback: 'one two', pricePerMillion: { prompt: 1_000_000, completion: 0 } });
    const plain = wrapBackend(scripted, accountingMiddleware());
    assert.equal((await plain.complete(request)).costUsd, 1, 'the scripted price: 1 word × $1 each');
    const overridden = wrapBackend(scripted, accountingMiddleware({ 'gpt-4o': { prompt: 0, completion: 1_000_000 } }));
    assert.equal((await overridden.complete(request)).costUsd, 2);
  });

  it('counts cache hits as free calls', async () => {
    const accounting = accountingMiddleware();
    const backend = wrapBackend(fixedBackend('gpt-4o', usage), accounting, cacheMiddleware(new MemoryCompletionCache()));
    const miss = await backend.complete(request);
    const hit = await backend.complete(request);
    assert.ok(miss.costUsd! > 0);
    assert.equal(hit.costUsd, 0);
    const totals = accounting.totals();
    assert.equal(totals.calls, 2);
    assert.equal(totals.cacheHits, 1);
    assert.equal(totals.costUsd, miss.costUsd);
    assert.deepEqual(totals.usage, usage, 'a hit spends no tokens');
    assert.equal(totals.latencyMs, 100);
  });

  it('returns copies of its totals', () => {
    const accounting = accountingMiddleware();
    accounting.totals().usage.promptTokens = 99;
    assert.equal(accounting.totals().usage.promptTokens, 0);
  });
});

describe('wrapBackend', () => {
  it('applies the first middleware outermost', async () => {
    const order: string[] = [];
    const tag = (name: string) => (inner: ChatBackend): ChatBackend => ({
      ...inner,
      id: inner.id,
      complete: async (r) => {
        order.push(name);
        return inner.complete(r);
      },
    });
    await wrapBackend(new ScriptedBackend({ fallback: 'x' }), tag('outer'), tag('middle'), tag('inner')).complete(request);
    assert.deepEqual(order, ['outer', 'middle', 'inner']);
  });
});
