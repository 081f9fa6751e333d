import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { TEST_MODEL_FILE } from '../../src/backends/llama/test-model/ensure-test-model.js';
import { runInProcess } from '../helpers/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-demo-cli-'));
const saved = { cache: process.env.QUORUM_CACHE_DIR, hub: process.env.HF_ENDPOINT };

before(async () => {
  // no cached model and a hub that refuses at once: the demo falls back to the test model
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.HF_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  process.env.QUORUM_CACHE_DIR = join(dir, 'cache');
});
after(() => {
  for (const [name, value] of [['QUORUM_CACHE_DIR', saved.cache], ['HF_ENDPOINT', saved.hub]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum demo on the random-weight test model', () => {
  const db = join(dir, 'demo.db');

  it('--json says so in a model field; the next commands go to stderr', async () => {
    const result = await runInProcess(['demo', '--limit', '1', '--rounds', '0', '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { runId: string; model: Record<string, unknown> };
    assert.deepEqual(report.model, {
      spec: `llama:${join(dir, 'cache', 'models', TEST_MODEL_FILE)}`,
      fallback: true,
      note: "quorum's random-weight test model answered (offline stand-in for a real model): replies are schema-valid nonsense, so accuracy and agreement are chance, not a measurement",
      requested: 'llama:hf:bartowski/Qwen2.5-0.5B-Instruct-GGUF:Q4_K_M',
    });
    assert.match(result.stderr, /offline: running the demo on quorum's random-weight test model/);
    assert.ok(result.stderr.endsWith(
      `next:\n  quorum show ${report.runId} --db ${db}   this run's metrics again\n` +
        `  quorum audit ${report.runId} --db ${db}  do agents that agree also reason alike (CARA)?\n` +
        `  quorum ui --db ${db}`.padEnd(`  quorum audit ${report.runId} --db ${db}`.length) + '  browse runs, questions and every turn in the browser\n' +
        `  quorum demo --backend ollama:qwen2.5`.padEnd(`  quorum audit ${report.runId} --db ${db}`.length) + '  real answers from a local Ollama server (docs/backends.md)\n',
    ), result.stderr);
  });

  it('the summary has a labelled model line and says accuracy is chance; show repeats it', async () => {
    const result = await runInProcess(['demo', '--limit', '1', '--rounds', '0', '--db', db]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^model {8}TEST MODEL: quorum's random-weight test model answered/m);
    assert.match(result.stdout, /^accuracy {5}(\d+\.\d%|n\/a) \(test model: chance, not a measurement\)/m);
    assert.doesNotMatch(result.stdout, /next:/);
    const runId = /^run (\S+)/m.exec(result.stdout)![1]!;
    const shown = await runInProcess(['show', runId, '--db', db]);
    assert.match(shown.stdout, /^model {8}TEST MODEL: /m);
  });
});
