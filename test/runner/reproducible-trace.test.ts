import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeRun } from '../../src/runner/execute-run.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import { exportJsonlLines } from '../../src/store/jsonl-export.js';
import { openStore } from '../../src/store/open-store.js';
import { fixedClock } from '../../src/util/clock.js';
import { agentsOn } from '../helpers/scripted-debaters.js';
import { hashedDebaters } from '../helpers/hashed-debaters.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-repro-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function runOnce(file: string, preset: string): Promise<{ lines: string[]; calls: number }> {
  const store = await openStore(join(dir, file));
  const protocol = createDebateProtocol(preset);
  const backend = hashedDebaters({ gdp: preset === 'gdp' });
  const agents = agentsOn(backend);
  const config: RunConfig = {
    protocol: { name: preset, preset, params: { ...protocol.params } },
    agents: agents.map((agent) => ({ name: agent.name, backend: backend.id, decoding: agent.decoding })),
    dataset: { name: 'demo', path: 'builtin:demo', questionIds: DEMO_QUESTIONS.map((q) => q.id), contentHash: 'x' },
    seeds: [1, 2],
    concurrency: 4,
    codeVersion: 'test',
    traceVersion: 1,
  };
  try {
    const outcome = await executeRun({ store, config, protocol, agents, questions: DEMO_QUESTIONS, newRunId: () => 'run-fixed', clock: fixedClock(Date.UTC(2026, 0, 1), 1000) });
    assert.equal(outcome.executed, DEMO_QUESTIONS.length * 2);
    const lines: string[] = [];
    for await (const line of exportJsonlLines(store, [outcome.runId])) lines.push(line);
    return { lines, calls: backend.calls.length };
  } finally {
    await store.close();
  }
}

describe('a run on the scripted backend', () => {
  for (const preset of ['ni', 'du', 'gdp']) {
    it(`${preset}: two runs give byte-identical traces`, async () => {
      const first = await runOnce(`${preset}-1.db`, preset);
      const second = await runOnce(`${preset}-2.db`, preset);
      assert.equal(first.lines.length, DEMO_QUESTIONS.length * 2);
      assert.equal(first.lines.join('\n'), second.lines.join('\n'));
      // du: round 0 + one debate round, as Du et al.'s rounds = 2
      const turnsPerUnit = preset === 'ni' ? 3 : preset === 'du' ? 6 : 9;
      assert.equal(first.calls, DEMO_QUESTIONS.length * 2 * turnsPerUnit);
    });
  }
});
