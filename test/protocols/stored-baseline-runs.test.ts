import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { DEMO_QUESTIONS } from '../../src/datasets/demo-questions.js';
import { matchedSamples, measuredPerUnit } from '../../src/protocols/baselines/compute-match.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { executeRun } from '../../src/runner/execute-run.js';
import type { Agent, Protocol } from '../../src/spec/protocol.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { TraceStore } from '../../src/spec/store.js';
import { openStore } from '../../src/store/open-store.js';
import { fixedClock } from '../../src/util/clock.js';
import { agentsOn, isBallot } from '../helpers/scripted-debaters.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-baselines-'));
after(() => rmSync(dir, { recursive: true, force: true }));

// Replies are a pure function of the request, so units may interleave; ballots approve candidate 0.
const backend = new ScriptedBackend({
  fallback: (request) => {
    if (isBallot(request)) return '0';
    const digest = createHash('sha256').update(JSON.stringify([request.messages, request.decoding.seed])).digest();
    return `Reasoning (${digest[1]}).\nAnswer: ${'AB'[digest[0]! % 2]}`;
  },
});

async function storeRun(store: TraceStore, name: string, protocol: Protocol, agents: Agent[], runId: string) {
  const config: RunConfig = {
    protocol: { name, preset: name, params: { ...protocol.params } },
    agents: agents.map((agent) => ({ name: agent.name, backend: backend.id, decoding: agent.decoding })),
    dataset: { name: 'demo', path: 'builtin:demo', questionIds: DEMO_QUESTIONS.map((q) => q.id), contentHash: 'x' },
    seeds: [1],
    concurrency: 2,
    codeVersion: 'test',
    traceVersion: 1,
  };
  return executeRun({ store, config, protocol, agents, questions: DEMO_QUESTIONS, newRunId: () => runId, clock: fixedClock(Date.UTC(2026, 0, 1), 1000) });
}

describe('baselines and decision rules through the runner and the store', () => {
  it('ballot events are stored and counted as calls; sc-matched matches the stored run', async () => {
    const store = await openStore(join(dir, 'runs.sqlite'));
    try {
      const debate = getProtocolFactory('du').create({ overrides: { decision: 'approval', decisionFallback: 'plurality' } });
      await storeRun(store, 'du', debate, agentsOn(backend), 'run-du');
      const units = await store.listUnits('run-du');
      assert.ok(units.every((unit) => unit.status === 'done'), 'every unit stored, ballot events included');
      for (const unit of units) {
        const events = await store.getEvents(unit.id);
        const calls = events.filter((event) => event.type === 'turn' || event.type === 'ballot').length;
        assert.equal(unit.summary?.calls, calls, 'ballot calls count like turns');
      }
      const measured = await measuredPerUnit(store, 'run-du');
      const matched = getProtocolFactory('sc-matched').create({ overrides: { matchCalls: measured.calls } });
      assert.equal(matched.params['samples'], matchedSamples({ matchCalls: measured.calls }).samples);
      const solver: Agent = { name: 'Solver', backend, decoding: { temperature: 0 } };
      await storeRun(store, 'sc-matched', matched, [solver], 'run-sc');
      const scUnits = await store.listUnits('run-sc');
      assert.ok(scUnits.every((unit) => unit.status === 'done' && unit.summary?.calls === matched.params['samples']));
      const final = (await store.getEvents(scUnits[0]!.id)).find((event) => event.type === 'final');
      // the runner's agreement set is the samples that gave the winning answer
      assert.ok(final?.type === 'final' && final.agreement !== undefined && final.agreement.every((name) => name.startsWith('Solver#')));
    } finally {
      await store.close();
    }
  });
});
