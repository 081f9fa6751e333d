import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import OpenAI from 'openai';
import { protocolNames } from '../../src/protocols/registry.js';
import { resolveAgentList } from '../../src/runner/agent-spec.js';
import type { TraceStore } from '../../src/spec/store.js';
import { startServe, type RunningServe } from '../../src/serve/start-serve.js';
import { openStore } from '../../src/store/open-store.js';
import { collect, spawnCli } from '../helpers/cli.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type RecordedRequest } from '../helpers/fake-openai-server.js';

// Agents' replies come from a real HTTP server; the answer is computed from the question the agent was sent,
// so a reply that reaches the wrong request shows up as a wrong sum.
const PROMPT_TOKENS = 100;
const COMPLETION_TOKENS = 10;

function agentReply(request: RecordedRequest): string {
  const text = request.body.messages.map((message) => (typeof message.content === 'string' ? message.content : '')).join('\n');
  const sum = /What is (\d+) \+ (\d+)\?/.exec(text);
  if (sum !== null) return `Adding them up.\nAnswer: ${Number(sum[1]) + Number(sum[2])}`;
  if (text.includes('capital of France')) return 'It is the seat of government.\nAnswer: Paris';
  return 'No idea.\nAnswer: unknown';
}

const dir = mkdtempSync(join(tmpdir(), 'quorum-serve-'));
const TOKEN = 'serve-test-token';
let fake: FakeOpenAiServer;
let store: TraceStore;
let served: RunningServe;
let client: OpenAI;

before(async () => {
  fake = await FakeOpenAiServer.start({
    fallback: (request) => ({ kind: 'reply', text: agentReply(request), promptTokens: PROMPT_TOKENS, completionTokens: COMPLETION_TOKENS, delayMs: 30 }),
  });
  store = await openStore(join(dir, 'served.db'));
  served = await startServe({
    store,
    protocol: 'du',
    overrides: { rounds: 1 },
    agentsFor: (factory) => resolveAgentList({ agents: [], count: factory.roles?.length ?? 3, backend: `openai:fake-model@${fake.url}` }),
    port: 0,
    token: TOKEN,
    keepAliveSeconds: 0.05,
  });
  client = new OpenAI({ baseURL: served.baseUrl, apiKey: TOKEN, maxRetries: 0 });
});

after(async () => {
  await served.close();
  await store.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum serve with the openai SDK as the client', () => {
  it('answers a chat completion with the aggregated answer, summed usage and the stored unit', async () => {
    const before = fake.requests.length;
    const completion = await client.chat.completions.create({
      model: 'du',
      messages: [
        { role: 'system', content: 'Keep answers short.' },
        { role: 'user', content: 'What is the capital of France?' },
      ],
    });
    const calls = fake.requests.slice(before);
    // du, 3 agents, rounds 1: round 0 and round 1, every agent speaks in each (Du et al.)
    assert.equal(calls.length, 6);
    assert.equal(completion.choices[0]!.message.content, 'Paris');
    assert.equal(completion.choices[0]!.finish_reason, 'stop');
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.model, 'du');
    // usage: the fake server's token counts of every agent call, summed by hand
    assert.deepEqual(
      { prompt: completion.usage?.prompt_tokens, completion: completion.usage?.completion_tokens, total: completion.usage?.total_tokens },
      { prompt: 6 * PROMPT_TOKENS, completion: 6 * COMPLETION_TOKENS, total: 6 * (PROMPT_TOKENS + COMPLETION_TOKENS) },
    );
    // the system message reached every agent as context, with the question
    for (const call of calls) {
      const sent = call.body.messages.map((message) => message.content).join('\n');
      assert.match(sent, /Keep answers short\./);
      assert.match(sent, /What is the capital of France\?/);
    }
    const extension = (completion as unknown as { quorum: { run_id: string; unit_id: string; agreement: string[]; turns: Array<{ agent: string; round: number; answer: string }> } }).quorum;
    assert.equal(extension.turns.length, 6);
    assert.deepEqual(extension.agreement, ['Agent A', 'Agent B', 'Agent C']);
    const unit = await store.getUnit(extension.unit_id);
    assert.equal(unit?.status, 'done');
    assert.equal(unit?.runId, extension.run_id);
    assert.equal(unit?.summary?.answer, 'Paris');
    const run = await store.getRun(extension.run_id);
    assert.equal(run?.config.protocol.preset, 'du');
    assert.equal(run?.config.agents[0]!.backend, `openai:fake-model@${fake.url}`);
    assert.equal(run?.status, 'running');
  });

  it('streams the final answer in chunks that join to it, then the usage chunk and [DONE]', async () => {
    const stream = await client.chat.completions.create({
      model: 'du',
      messages: [{ role: 'user', content: 'What is 20 + 22?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let content = '';
    const finishReasons: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined | null;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks += 1;
      assert.equal(chunk.object, 'chat.completion.chunk');
      for (const choice of chunk.choices) {
        content += choice.delta.content ?? '';
        if (choice.finish_reason !== null) finishReasons.push(choice.finish_reason);
      }
      if (chunk.usage) usage = chunk.usage;
    }
    assert.equal(content, '42');
    assert.deepEqual(finishReasons, ['stop']);
    assert.ok(chunks >= 4, `role, content, finish and usage chunks, got ${chunks}`);
    assert.equal(usage?.prompt_tokens, 6 * PROMPT_TOKENS);
    assert.equal(usage?.completion_tokens, 6 * COMPLETION_TOKENS);
  });

  it('lists every preset as a model, the served one first, and retrieves one', async () => {
    const models = [];
    for await (const model of client.models.list()) models.push(model.id);
    assert.equal(models[0], 'du');
    assert.deepEqual([...models].sort(), [...protocolNames()].sort());
    assert.equal((await client.models.retrieve('ni')).id, 'ni');
  });

  it('runs a request naming another preset as a unit of that preset’s own run', async () => {
    const before = fake.requests.length;
    const completion = await client.chat.completions.create({ model: 'ni', messages: [{ role: 'user', content: 'What is 1 + 2?' }] });
    assert.equal(completion.choices[0]!.message.content, '3');
    const extension = (completion as unknown as { quorum: { run_id: string } }).quorum;
    const run = await store.getRun(extension.run_id);
    assert.equal(run?.config.protocol.preset, 'ni');
    // ni with rounds 1 (the server's override): each of 3 agents answers, then revises alone
    assert.equal(fake.requests.length - before, 6);
    assert.deepEqual(await served.session.runIds().then((runs) => Object.keys(runs).sort()), ['du', 'ni']);
  });

  it('answers concurrent requests at once, each with its own answer and stored once', async () => {
    const runId = (await served.session.runIds())['du']!;
    const unitsBefore = await store.countUnits(runId);
    fake.stats.maxInFlight = 0;
    const pairs = Array.from({ length: 6 }, (_, index) => [index + 1, 100 * (index + 1)] as const);
    const replies = await Promise.all(pairs.map(([a, b]) => client.chat.completions.create({ model: 'du', messages: [{ role: 'user', content: `What is ${a} + ${b}?` }] })));
    assert.deepEqual(replies.map((reply) => reply.choices[0]!.message.content), pairs.map(([a, b]) => String(a + b)));
    // one unit's three agents are 3 calls in flight; more means units overlapped
    assert.ok(fake.stats.maxInFlight > 3, `max calls in flight ${fake.stats.maxInFlight}`);
    const units = await store.listUnits(runId);
    const counts = await store.countUnits(runId);
    assert.equal(counts.total, unitsBefore.total + 6);
    assert.equal(counts.done, counts.total);
    assert.equal(new Set(units.map((unit) => unit.questionId)).size, units.length);
    const ids = replies.map((reply) => (reply as unknown as { quorum: { unit_id: string } }).quorum.unit_id);
    assert.equal(new Set(ids).size, 6);
  });

  it('refuses a wrong or missing token with 401 and stores nothing', async () => {
    const runs = await store.listRuns();
    const totals = runs.map((run) => run.units.total);
    const stranger = new OpenAI({ baseURL: served.baseUrl, apiKey: 'wrong-token', maxRetries: 0 });
    await assert.rejects(stranger.chat.completions.create({ model: 'du', messages: [{ role: 'user', content: 'What is 1 + 1?' }] }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.AuthenticationError, String(error));
      assert.equal(error.status, 401);
      assert.equal(error.code, 'invalid_api_key');
      return true;
    });
    // the SDK refuses to send no key at all: a bare request does
    const bare = await fetch(`${served.baseUrl}/models`);
    assert.equal(bare.status, 401);
    assert.deepEqual(((await bare.json()) as { error: { type: string; code: string } }).error.code, 'invalid_api_key');
    assert.deepEqual((await store.listRuns()).map((run) => run.units.total), totals);
  });

  it('answers an unknown model with 404 naming the presets', async () => {
    await assert.rejects(client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.NotFoundError, String(error));
      assert.equal(error.code, 'model_not_found');
      assert.match(error.message, /"gpt-4o" does not exist.*du/);
      return true;
    });
  });

  it('answers a malformed request with 400 naming the field', async () => {
    await assert.rejects(
      client.chat.completions.create({ model: 'du', messages: [{ role: 'user', content: 'What is 1 + 1?' }, { role: 'assistant', content: '2' }] }),
      (error: unknown) => {
        assert.ok(error instanceof OpenAI.BadRequestError, String(error));
        assert.equal(error.param, 'messages[1].role');
        return true;
      },
    );
    const raw = await fetch(`${served.baseUrl}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: '{"model": "du", ' });
    assert.equal(raw.status, 400);
    assert.equal(((await raw.json()) as { error: { code: string } }).error.code, 'invalid_json');
  });
});

describe('quorum serve when the agents’ backend is down', () => {
  let down: RunningServe;
  let downStore: TraceStore;
  let downClient: OpenAI;

  before(async () => {
    const gone = await FakeOpenAiServer.start();
    const url = gone.url;
    await gone.close(); // the port is closed: connections are refused
    downStore = await openStore(join(dir, 'down.db'));
    down = await startServe({
      store: downStore,
      protocol: 'ni',
      overrides: { rounds: 0 },
      agentsFor: () => resolveAgentList({ agents: [], count: 1, backend: `openai:fake-model@${url}` }),
      retry: { maxAttempts: 1 },
      port: 0,
    });
    downClient = new OpenAI({ baseURL: down.baseUrl, apiKey: 'unused', maxRetries: 0 });
  });
  after(async () => {
    await down.close();
    await downStore.close();
  });

  it('answers 502 with the backend error and stores the unit as failed', async () => {
    await assert.rejects(downClient.chat.completions.create({ model: 'ni', messages: [{ role: 'user', content: 'What is 1 + 1?' }] }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.APIError, String(error));
      assert.equal(error.status, 502);
      assert.equal(error.code, 'BACKEND_CONNECTION');
      assert.match(error.message, /backend failed/);
      return true;
    });
    const [run] = await downStore.listRuns();
    assert.deepEqual({ failed: run?.units.failed, total: run?.units.total }, { failed: 1, total: 1 });
  });

  it('ends a stream with the error object OpenAI clients raise', async () => {
    const stream = await downClient.chat.completions.create({ model: 'ni', messages: [{ role: 'user', content: 'What is 2 + 2?' }], stream: true });
    await assert.rejects(
      (async () => {
        for await (const chunk of stream) void chunk;
      })(),
      (error: unknown) => {
        assert.ok(error instanceof OpenAI.APIError, String(error));
        assert.match(error.message, /backend failed/);
        return true;
      },
    );
  });
});

describe('quorum serve, the command', () => {
  it('serves until stopped, then the stored run is readable by quorum show', async () => {
    const db = join(dir, 'cli.db');
    const child = spawnCli(['serve', '--protocol', 'ni', '--agents', '2', '--rounds', '0', '--backend', `openai:fake-model@${fake.url}`, '--port', '0', '--db', db], { QUORUM_SERVE_TOKEN: 'from-env' });
    const output = collect(child);
    let printed = '';
    child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    while (!/\/v1 /.test(printed)) await once(child.stdout!, 'data');
    const baseUrl = /(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(printed)![1]!;
    const cliClient = new OpenAI({ baseURL: baseUrl, apiKey: 'from-env', maxRetries: 0 });
    const completion = await cliClient.chat.completions.create({ model: 'ni', messages: [{ role: 'user', content: 'What is 3 + 4?' }] });
    assert.equal(completion.choices[0]!.message.content, '7');
    child.kill('SIGTERM');
    const result = await output;
    assert.equal(result.code, 0, result.stderr);
    const runId = /ni → (run-\S+)/.exec(result.stdout)?.[1];
    assert.ok(runId !== undefined, result.stdout);
    const shown = await runInProcess(['show', runId, '--db', db, '--json']);
    assert.equal(shown.code, 0, shown.stderr);
    const report = JSON.parse(shown.stdout) as { protocol: string; units: number; failed: number; tokens: { prompt: number } };
    assert.equal(report.units, 1);
    assert.equal(report.failed, 0);
    // the token came from the environment and is stored nowhere
    const stored = await openStore(db);
    try {
      assert.doesNotMatch(JSON.stringify(await stored.getRun(runId)), /from-env/);
      assert.equal((await stored.getRun(runId))?.status, 'done');
    } finally {
      await stored.close();
    }
  });
});
