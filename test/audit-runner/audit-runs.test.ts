/**
 * Auditing stored runs end to end with deterministic providers: a scripted
 * debate on a generic dataset with scoring points is run, audited, stored,
 * and audited again with another τ.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { auditRuns } from '../../src/audit-runner/audit-runs.js';
import { loadQuestions } from '../../src/datasets/load-questions.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import { executeRun } from '../../src/runner/execute-run.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { TraceStore } from '../../src/spec/store.js';
import { openStore } from '../../src/store/open-store.js';
import { fixedClock } from '../../src/util/clock.js';
import { hashValue } from '../../src/util/hash.js';
import { agentsOn, scriptedDebate } from '../helpers/scripted-debaters.js';
import { FakeEmbeddingProvider, FakeNliProvider, hashedVector } from './fake-audit-providers.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-audit-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function scriptedRun(store: TraceStore, answers: Record<string, string[]>): Promise<string> {
  const data = join(dir, 'questions.jsonl');
  writeFileSync(
    data,
    [
      { id: 'q1', question: 'Which organ secretes insulin?', options: ['Liver', 'Pancreas', 'Spleen'], answer: 'B', scoring_points: ['Beta cells of the pancreas secrete insulin'] },
      { id: 'q2', question: 'Which vitamin prevents scurvy?', options: ['Vitamin A', 'Vitamin C', 'Vitamin D'], answer: 'B' },
    ]
      .map((record) => JSON.stringify(record))
      .join('\n'),
  );
  const dataset = await loadQuestions({ dataset: 'generic', path: data });
  const protocol = createDebateProtocol('du', { rounds: 1 });
  const backend = scriptedDebate(answers);
  const agents = agentsOn(backend);
  const config: RunConfig = {
    protocol: { name: 'du', preset: 'du', params: { ...protocol.params } },
    agents: agents.map((agent) => ({ name: agent.name, backend: backend.id, decoding: agent.decoding })),
    dataset: { name: dataset.name, path: dataset.path, questionIds: dataset.questions.map((question) => question.id), contentHash: hashValue(dataset.questions) },
    seeds: [1],
    concurrency: 1,
    codeVersion: 'test',
    traceVersion: 1,
  };
  const outcome = await executeRun({ store, config, protocol, agents, questions: dataset.questions, newRunId: () => 'run-audit', clock: fixedClock() });
  return outcome.runId;
}

describe('auditRuns', () => {
  it('audits a stored run, stores the audit beside it, and keeps earlier audits', async () => {
    const store = await openStore(join(dir, 'audit.db'));
    try {
      // Per agent, answers of round 0 then round 1 (one question after the other, in order q1, q2).
      const runId = await scriptedRun(store, { 'Agent A': ['B', 'B', 'B', 'B'], 'Agent B': ['B', 'B', 'A', 'B'], 'Agent C': ['C', 'B', 'C', 'C'] });
      const embedding = new FakeEmbeddingProvider({}, { fallback: hashedVector, id: 'wordvec' });
      const nli = new FakeNliProvider({}, { id: 'heuristic' });
      let ids = 0;
      const first = await auditRuns({ store, runIds: [runId], embedding, nli, clock: fixedClock(), newAuditId: () => `audit-${++ids}` });
      assert.equal(embedding.calls.length, 1);
      assert.equal(nli.calls.length, 1);
      const [entry] = first.audits;
      assert.equal(entry!.audit.label, 'wordvec+heuristic τ=0.5 (fallback)');
      assert.equal(entry!.audit.settings.fallback.note, "fallback models, not the paper's setup: DeBERTa-v3 NLI + Stella embeddings");
      assert.deepEqual(entry!.audit.summary.warnings, []);
      const [q1, q2] = entry!.questions;
      assert.deepEqual(q1!.agreementSet, ['Agent A', 'Agent B', 'Agent C']);
      assert.equal(q1!.details.agents.find((agent) => agent.name === 'Agent C')!.moved, true);
      assert.deepEqual(q1!.details.agents.find((agent) => agent.name === 'Agent C')!.answers, ['C', 'B']);
      assert.deepEqual(q1!.details.agents[0]!.steps, ['Agent A reasons in round 1.']);
      assert.equal(q1!.details.pairs.length, 3);
      assert.equal(typeof q1!.caraGt, 'number', 'scoring points of the dataset reach CARA-GT');
      assert.equal(q2!.caraGt, null);
      assert.deepEqual(q2!.agreementSet, ['Agent A', 'Agent B']);
      const overall = entry!.audit.summary.overall;
      assert.equal(overall.units, 2);
      assert.equal(overall.eligible, 2);
      assert.equal(overall.caraGt.n, 1);
      assert.equal(overall.accuracy, 1);
      assert.equal(overall.agreement, 0.5);

      const second = await auditRuns({ store, runIds: [runId], embedding, nli, tau: 0.7, clock: fixedClock(Date.UTC(2026, 0, 2)), newAuditId: () => `audit-${++ids}` });
      const audits = await store.listAudits(runId);
      assert.deepEqual(
        audits.map((audit) => [audit.id, audit.label]),
        [
          ['audit-2', 'wordvec+heuristic τ=0.7 (fallback)'],
          ['audit-1', 'wordvec+heuristic τ=0.5 (fallback)'],
        ],
      );
      assert.deepEqual(await store.listAuditQuestions('audit-1'), first.audits[0]!.questions);
      assert.deepEqual(await store.getAudit('audit-2'), second.audits[0]!.audit);
    } finally {
      await store.close();
    }
  });

  it('refuses an unknown run id with a hint', async () => {
    const store = await openStore(':memory:');
    try {
      await assert.rejects(
        auditRuns({ store, runIds: ['nope'], embedding: new FakeEmbeddingProvider({}), nli: new FakeNliProvider() }),
        (error: unknown) => error instanceof Error && /no run "nope"/.test(error.message),
      );
    } finally {
      await store.close();
    }
  });
});
