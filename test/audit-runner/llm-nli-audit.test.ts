/**
 * An audit with `--nli llm:` against the fake OpenAI-compatible server:
 * the calls, tokens and cost are stored with the audit, and a second audit
 * of the same run is served from the store's completion cache.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createNliProvider } from '../../src/audit/create-nli-provider.js';
import { auditJson } from '../../src/audit-runner/audit-json.js';
import { auditRuns } from '../../src/audit-runner/audit-runs.js';
import { formatAuditTable } from '../../src/audit-runner/format-audit.js';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { openStore } from '../../src/store/open-store.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { answerNli, promptPairs } from '../audit/providers/fake-nli-model.js';
import { FakeEmbeddingProvider } from './fake-audit-providers.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-llm-nli-audit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Two agents, one step each, orthogonal-free vectors: each step is the other's best match.
const A = 'Atropine increases the heart rate strongly.';
const B = 'Atropine decreases the heart rate strongly.';
const embedding = () => new FakeEmbeddingProvider({ [A]: [1, 0.2], [B]: [0.9, 0.3] });

describe('audit with llm: NLI', () => {
  let server: FakeOpenAiServer;
  before(async () => {
    server = await FakeOpenAiServer.start({ fallback: answerNli });
  });
  after(async () => {
    await server.close();
  });

  it('records calls, tokens and cost with the audit, and a second audit sends no request', async () => {
    const file = join(dir, 'traces.jsonl');
    writeFileSync(file, `${JSON.stringify({ question_id: 'q1', agents: [{ name: 'A', answer: 'B', rationale: A }, { name: 'B', answer: 'B', rationale: B }] })}\n`);
    const store = await openStore(join(dir, 'audit.db'));
    const spec = `llm:openai:fake-nli@${server.url}`;
    // USD per 1M tokens: each fake reply reports 100 prompt and 20 completion tokens.
    const options = { completionCache: store, prices: { 'fake-nli': { prompt: 1, completion: 2 } }, sleep: async () => {}, env: {} };
    try {
      const { runId } = await importForeignTraces(store, file);
      const nli = await createNliProvider(spec, options);
      const first = await auditRuns({ store, runIds: [runId], embedding: embedding(), nli, newAuditId: () => 'audit-1' });
      // A→B and B→A are the best matches; pc is asked both ways of each: (A, B) and (B, A), two distinct ordered pairs, one call.
      assert.equal(server.requests.length, 1);
      assert.deepEqual(
        promptPairs(server.requests[0]!).map((pair) => [pair.premise, pair.hypothesis]).sort(),
        // sorted: B ("decreases") before A ("increases")
        [
          [B, A],
          [A, B],
        ],
      );
      const question = first.audits[0]!.questions[0]!;
      assert.equal(question.contradictionRate, 1, 'increases / decreases: the fake model says contradiction 0.9 > τ');
      assert.equal(question.caraHyb, -1);
      const summary = first.audits[0]!.audit.summary;
      assert.deepEqual(summary.nliCalls, {
        calls: 1,
        cacheHits: 0,
        failures: 0,
        promptTokens: 100,
        cachedPromptTokens: 0,
        completionTokens: 20,
        costUsd: (100 * 1 + 20 * 2) / 1e6,
        unpricedCalls: 0,
        latencyMs: summary.nliCalls!.latencyMs,
        sharedByRuns: 1,
      });
      const json = auditJson(first.audits[0]!.audit);
      assert.equal(json['nli'], spec);
      assert.equal((json['nli_calls'] as Record<string, unknown>)['cost_usd'], 0.00014);
      assert.equal((json['nli_calls'] as Record<string, unknown>)['prompt_tokens'], 100);
      assert.match(formatAuditTable([first.audits[0]!.audit]), /NLI model calls: 1 \(0 from the cache\), 100 prompt \+ 20 completion tokens, \$0\.0001/);
      await nli.close?.();

      // A new provider (a new process, say): its requests are answered from the store's cache.
      const again = await createNliProvider(spec, options);
      const second = await auditRuns({ store, runIds: [runId], embedding: embedding(), nli: again, newAuditId: () => 'audit-2' });
      assert.equal(server.requests.length, 1, 'no new HTTP request');
      assert.equal(second.audits[0]!.questions[0]!.contradictionRate, 1);
      const calls = second.audits[0]!.audit.summary.nliCalls!;
      assert.equal(calls.calls, 1);
      assert.equal(calls.cacheHits, 1);
      assert.equal(calls.promptTokens, 0);
      assert.equal(calls.costUsd, 0);
      await again.close?.();
    } finally {
      await store.close();
    }
  });

  it('records cost as unknown when the model has no price', async () => {
    const store = await openStore(':memory:');
    const file = join(dir, 'unpriced.jsonl');
    writeFileSync(file, `${JSON.stringify({ question_id: 'q1', agents: [{ name: 'A', answer: 'B', rationale: A }, { name: 'B', answer: 'B', rationale: B }] })}\n`);
    try {
      const { runId } = await importForeignTraces(store, file);
      const nli = await createNliProvider(`llm:openai:unpriced-model@${server.url}`, { completionCache: store, sleep: async () => {}, env: {} });
      const { audits } = await auditRuns({ store, runIds: [runId], embedding: embedding(), nli });
      const json = auditJson(audits[0]!.audit)['nli_calls'] as Record<string, unknown>;
      assert.equal(json['calls'], 1);
      assert.equal(json['unpriced_calls'], 1);
      assert.equal(json['cost_usd'], null);
    } finally {
      await store.close();
    }
  });
});
