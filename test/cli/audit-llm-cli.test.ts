/**
 * `quorum audit --nli llm:… --embed llm:…` end to end against the fake
 * OpenAI-compatible server: the second audit is served from the store's
 * completion cache, and an unreachable server gets a message naming the spec.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { answerNli } from '../audit/providers/fake-nli-model.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-audit-llm-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const A = 'Atropine increases the heart rate strongly.';
const B = 'Atropine decreases the heart rate strongly.';

describe('quorum audit with llm: models', () => {
  let server: FakeOpenAiServer;
  const traces = join(dir, 'traces.jsonl');
  before(async () => {
    // Vectors: the two steps are each other's best match (the only steps).
    server = await FakeOpenAiServer.start({ fallback: answerNli, embed: (text) => (text === A ? [1, 0.2] : [0.9, 0.3]) });
    writeFileSync(traces, `${JSON.stringify({ question_id: 'q1', agents: [{ name: 'A', answer: 'B', rationale: A }, { name: 'B', answer: 'B', rationale: B }] })}\n`);
  });
  after(async () => {
    await server.close();
  });

  it('audits with a chat model as NLI, stores its calls, and sends nothing the second time', async () => {
    const db = join(dir, 'audit.db');
    const args = ['audit', traces, '--db', db, '--embed', `llm:openai:embedder@${server.url}`, '--nli', `llm:openai:fake-nli@${server.url}`, '--json'];
    const first = await runInProcess(args);
    assert.equal(first.code, 0, first.stderr);
    const report = JSON.parse(first.stdout);
    assert.equal(report.nli, `llm:openai:fake-nli@${server.url}`);
    assert.equal(report.fallback, false);
    assert.equal(report.fallback_nli, false);
    assert.equal(report.cr, 1);
    assert.equal(report.nli_quality.measured, false);
    assert.match(report.nli_quality.note, /^unmeasured/);
    assert.equal(report.nli_calls.calls, 1);
    assert.equal(report.nli_calls.cache_hits, 0);
    assert.equal(report.nli_calls.prompt_tokens, 100);
    assert.equal(report.nli_calls.cost_usd, null, 'the fake model has no price');
    assert.equal(server.requests.length, 1);
    assert.ok(server.embeddingRequests.length >= 1);

    const second = await runInProcess(args);
    assert.equal(second.code, 0, second.stderr);
    assert.equal(server.requests.length, 1, 'no new chat request: the store served it');
    assert.equal(JSON.parse(second.stdout).nli_calls.cache_hits, 1);
  });

  it('names the NLI spec and says what to do when its server is not there', async () => {
    const closed = await FakeOpenAiServer.start();
    const url = closed.url;
    await closed.close();
    const result = await runInProcess(['audit', traces, '--db', join(dir, 'unreachable.db'), '--nli', `llm:openai:fake-nli@${url}`]);
    assert.notEqual(result.code, 0);
    assert.ok(result.stderr.includes(`llm:openai:fake-nli@${url}: the NLI chat model failed`), result.stderr);
    assert.match(result.stderr, /start the chat server/);
  });
});
