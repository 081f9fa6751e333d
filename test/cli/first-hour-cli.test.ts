import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-first-hour-'));
let server: FakeOpenAiServer;

before(async () => {
  server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Reasoning.\nAnswer: B', promptTokens: 1000, completionTokens: 100 } });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs with OPENAI_* set for the duration of one call. */
async function withEnv<T>(env: Record<string, string>, action: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    return await action();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('backends named the way people already do', () => {
  it('ollama:<model>@<url> runs on the OpenAI-compatible backend and is stored expanded', async () => {
    const db = join(dir, 'ollama.db');
    const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', `ollama:qwen2.5:7b@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { agents: Array<{ backend: string }>; model: { spec: string; fallback: boolean } };
    assert.deepEqual(report.agents.map((agent) => agent.backend), Array(3).fill(`openai:qwen2.5:7b@${server.url}`));
    assert.deepEqual(report.model, { spec: `openai:qwen2.5:7b@${server.url}`, fallback: false, note: null });
  });

  it('without --backend, OPENAI_MODEL and OPENAI_BASE_URL choose the server', async () => {
    const db = join(dir, 'env.db');
    const result = await withEnv({ OPENAI_MODEL: 'env-model', OPENAI_BASE_URL: server.url }, () =>
      runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--agents', '1', '--db', db, '--json']),
    );
    assert.equal(result.code, 0, result.stderr);
    assert.equal((JSON.parse(result.stdout) as { agents: Array<{ backend: string }> }).agents[0]!.backend, `openai:env-model@${server.url}`);
    // --backend openai takes the model and URL from the environment too; an explicit spec wins over it
    const bare = await withEnv({ OPENAI_MODEL: 'env-model', OPENAI_BASE_URL: server.url }, () =>
      runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--agents', '1', '--backend', 'openai:other', '--db', db, '--json']),
    );
    assert.equal((JSON.parse(bare.stdout) as { agents: Array<{ backend: string }> }).agents[0]!.backend, `openai:other@${server.url}`);
  });
});

describe('listings', () => {
  it('quorum protocols names every registered protocol with its paper name', async () => {
    const result = await runInProcess(['protocols']);
    assert.equal(result.code, 0);
    const lines = result.stdout.trimEnd().split('\n');
    assert.deepEqual(lines.map((line) => line.split(/\s+/)[0]), ['ni', 'du', 'gdp', 'wr', 'cr', 'ra-cr', 'adaptive', 'du-fresh', 'chateval-one-by-one', 'chateval-simultaneous', 'chateval-summarizer', 'multi-persona', 'dealog', 'cot', 'planner', 'plan-log', 'self-consistency', 'sc-matched', 'ensemble-refinement', 'rewoo', 'react-table']);
    // the paper column starts two spaces after the longest name (chateval-simultaneous, 21 characters)
    assert.match(lines[2]!, /^gdp {20}M3-GDP, Grounded Debate Protocol {2,}\S/);
    const json = JSON.parse((await runInProcess(['protocols', '--json'])).stdout) as Array<{ name: string; paper: string; roles?: string[] }>;
    assert.equal(json.find((row) => row.name === 'du')!.paper, 'M3, symmetric debate (Du et al.)');
    assert.equal(json.find((row) => row.name === 'dealog')!.roles!.length, 5);
  });

  it('quorum datasets names every dataset format with its paper', async () => {
    const result = await runInProcess(['datasets']);
    assert.equal(result.code, 0);
    const lines = result.stdout.trimEnd().split('\n');
    assert.deepEqual(lines.map((line) => line.split(/\s+/)[0]), ['medqa', 'generic', 'demo', 'fred', 'finqa', 'tatqa', 'wtq', 'fetaqa', 'mmqa', 'gsm8k', 'mmlu', 'medmcqa', 'pubmedqa', 'medthink', 'crtqa']);
    // the paper column starts two spaces after the longest name (pubmedqa and medthink, 8 characters)
    assert.match(lines.find((line) => line.startsWith('wtq'))!, /^wtq {7}WikiTableQuestions \(Pasupat and Liang, 2015\)/);
    assert.match(lines.find((line) => line.startsWith('demo'))!, /^demo {6}quorum's own format/);
  });

  it('quorum runs shows the model and the accuracy', async () => {
    const db = join(dir, 'runs.db');
    const run = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '4', '--backend', `openai:fake-model@${server.url}`, '--db', db, '--json']);
    const report = JSON.parse(run.stdout) as { runId: string; accuracy: number };
    // the fake server always answers B; 2 of the first 4 demo questions have gold B
    assert.equal(report.accuracy, 0.5);
    const text = await runInProcess(['runs', '--db', db]);
    assert.match(text.stdout, new RegExp(`^${report.runId}  \\S+  done  ni  demo  fake-model  agents 3  units 4/4  accuracy 50\\.0%\\n$`));
    const json = JSON.parse((await runInProcess(['runs', '--db', db, '--json'])).stdout) as Array<{ accuracy: number; model: { spec: string } }>;
    assert.equal(json[0]!.accuracy, 0.5);
    assert.equal(json[0]!.model.spec, `openai:fake-model@${server.url}`);
  });
});

describe('repeating a command', () => {
  let scurvyFails = true;
  let flaky: FakeOpenAiServer;
  before(async () => {
    // the scurvy question (demo-02) gets a 400 — not retried by the backend — until the test lets it through
    flaky = await FakeOpenAiServer.start({
      fallback: (request) =>
        scurvyFails && request.body.messages.some((message) => JSON.stringify(message.content).includes('scurvy'))
          ? { kind: 'status', status: 400, message: 'rejected for the test' }
          : { kind: 'reply', text: 'Reasoning.\nAnswer: C', promptTokens: 10, completionTokens: 2 },
    });
  });
  after(() => flaky.close());

  it('an identical finished command reports the existing run; one with failed units runs them again exactly once', async () => {
    const db = join(dir, 'repeat.db');
    const args = ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '3', '--agents', '1', '--backend', `openai:m@${flaky.url}`, '--db', db, '--json'];
    const first = await runInProcess(args);
    assert.equal(first.code, 1);
    const report = JSON.parse(first.stdout) as { runId: string; completed: number; failed: number };
    assert.deepEqual([report.completed, report.failed], [2, 1]);
    assert.match(first.stderr, /hint: .*repeat the command to run each failed unit once more/);

    const again = await runInProcess([...args, '--no-retry-failed']);
    const repeated = JSON.parse(again.stdout) as { runId: string; existing: boolean; executed: number; failed: number };
    assert.deepEqual([repeated.runId, repeated.existing, repeated.executed, repeated.failed], [report.runId, true, 0, 1]);

    scurvyFails = false;
    const retried = await runInProcess([...args, '--retry-failed']);
    assert.equal(retried.code, 0, retried.stderr);
    const fixed = JSON.parse(retried.stdout) as { runId: string; resumed: boolean; retried: number; executed: number; completed: number; failed: number; units: number; accuracy: number };
    assert.deepEqual(
      { runId: fixed.runId, resumed: fixed.resumed, retried: fixed.retried, executed: fixed.executed, completed: fixed.completed, failed: fixed.failed, units: fixed.units, accuracy: fixed.accuracy },
      // every answer is C: only demo-02 (scurvy, gold C) of demo-01..03 is right
      { runId: report.runId, resumed: true, retried: 1, executed: 1, completed: 3, failed: 0, units: 3, accuracy: 1 / 3 },
    );
    const runs = JSON.parse((await runInProcess(['runs', '--db', db, '--json'])).stdout) as unknown[];
    assert.equal(runs.length, 1);
    // the retried unit's trace is the new one only: one final answer, no error event left (the failure is history)
    const exported = await runInProcess(['export', report.runId, '--db', db]);
    const units = exported.stdout.trim().split('\n').map((line) => JSON.parse(line) as { unit: { questionId: string }; events: Array<{ type: string }> });
    const scurvy = units.filter((line) => line.unit.questionId === 'demo-02');
    assert.equal(scurvy.length, 1);
    assert.deepEqual(scurvy[0]!.events.filter((event) => event.type === 'error' || event.type === 'final').map((event) => event.type), ['final']);

    const fresh = JSON.parse((await runInProcess([...args, '--fresh'])).stdout) as { runId: string; existing: boolean };
    assert.notEqual(fresh.runId, report.runId);
    assert.equal(fresh.existing, false);
  });
});

describe('prices', () => {
  it('--price gives an unlisted model a cost; a cache hit costs $0 and says so', async () => {
    const db = join(dir, 'prices.db');
    // 1 question × 3 agents × (1000 prompt + 100 completion tokens) at $2 / $10 per million: 3 × (0.002 + 0.001) = $0.009
    const args = ['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', `openai:local-model@${server.url}`, '--price', 'local-model=2/10', '--db', db];
    const first = await runInProcess([...args, '--json']);
    assert.equal(first.code, 0, first.stderr);
    const cost = (JSON.parse(first.stdout) as { costUsd: number }).costUsd;
    assert.ok(Math.abs(cost - 0.009) < 1e-12, String(cost));
    const text = await runInProcess(['show', (JSON.parse(first.stdout) as { runId: string }).runId, '--db', db]);
    assert.match(text.stdout, /^cost {9}\$0\.0090$/m);
    // the same questions in a new run: every call is a cache hit
    const cached = await runInProcess([...args, '--fresh']);
    assert.match(cached.stdout, /^cost {9}\$0 \(all 3 calls from the completion cache: nothing spent\)$/m);
    const unpriced = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '2', '--backend', `openai:local-model@${server.url}`, '--db', db]);
    // question 1 comes from the cache ($0), question 2 reaches the model without a price: the sum is not the run's cost
    assert.match(unpriced.stdout, /^cost {9}n\/a: 1 unit called a model without a price \(--price <model>=<input>\/<output> per million tokens, or prices: in the run file\); the priced calls cost \$0\.0000$/m);
    const other = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--limit', '1', '--backend', `openai:other-model@${server.url}`, '--db', db]);
    assert.match(other.stdout, /^cost {9}n\/a \(no price for these models: --price/m);
  });

  it('a malformed --price is bad input', async () => {
    const result = await runInProcess(['run', '--protocol', 'ni', '--dataset', 'demo', '--backend', `openai:m@${server.url}`, '--price', 'm=cheap', '--db', join(dir, 'bad-price.db')]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^error: price "cheap" is not <input>\/<output>\[\/<cached input>\]\nhint: write <model>=<input>\/<output>/);
  });
});
