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
    assert.deepEqual(lines.map((line) => line.split(/\s+/)[0]), ['ni', 'du', 'gdp', 'wr', 'cr', 'ra-cr', 'adaptive', 'dealog', 'cot', 'planner', 'plan-log']);
    assert.match(lines[2]!, /^gdp {7}M3-GDP, Grounded Debate Protocol {2,}Du debate with structured CLAIM/);
    const json = JSON.parse((await runInProcess(['protocols', '--json'])).stdout) as Array<{ name: string; paper: string; roles?: string[] }>;
    assert.equal(json.find((row) => row.name === 'du')!.paper, 'M3, symmetric debate (Du et al.)');
    assert.equal(json.find((row) => row.name === 'dealog')!.roles!.length, 5);
  });

  it('quorum datasets names every dataset format with its paper', async () => {
    const result = await runInProcess(['datasets']);
    assert.equal(result.code, 0);
    const lines = result.stdout.trimEnd().split('\n');
    assert.deepEqual(lines.map((line) => line.split(/\s+/)[0]), ['medqa', 'generic', 'demo', 'fred', 'finqa', 'tatqa', 'wtq', 'fetaqa', 'mmqa']);
    assert.match(lines.find((line) => line.startsWith('wtq'))!, /^wtq {6}WikiTableQuestions \(Pasupat and Liang, 2015\)/);
    assert.match(lines.find((line) => line.startsWith('demo'))!, /^demo {5}quorum's own format/);
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
