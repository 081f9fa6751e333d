import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { auditRuns } from '../../src/audit-runner/audit-runs.js';
import { readForeignTraces } from '../../src/audit-runner/foreign-traces.js';
import { formatAuditTable } from '../../src/audit-runner/format-audit.js';
import { importForeignTraces } from '../../src/audit-runner/import-foreign-traces.js';
import { ConfigError, DatasetFormatError } from '../../src/spec/errors.js';
import { openStore } from '../../src/store/open-store.js';
import { FakeEmbeddingProvider, FakeNliProvider, hashedVector } from './fake-audit-providers.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-foreign-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The example of docs/metrics.md, "Foreign traces", plus two more lines. */
export const FOREIGN_LINES = [
  {
    question_id: 'med-1',
    question: 'A patient with symptomatic bradycardia: first-line drug?',
    gold: 'B',
    protocol: 'debate',
    scoring_points: ['Atropine blocks muscarinic receptors at the sinoatrial node', 'Vagal tone is reduced so the heart rate rises'],
    agents: [
      { name: 'A', answer: 'B', rationale: 'Atropine blocks M2 muscarinic receptors in the sinoatrial node. Less vagal tone raises the heart rate.' },
      { name: 'B', answer: 'B', steps: [{ claim: 'Atropine is first-line for symptomatic bradycardia', ground: 'ACLS bradycardia algorithm' }, 'It removes vagal braking of the sinus node'] },
      { name: 'C', answer: 'B', steps: [], history: ['D'] },
    ],
  },
  {
    question_id: 'med-2',
    gold: 'A',
    protocol: 'debate',
    aggregated: 'A',
    agents: [
      { name: 'A', answer: 'A', rationale: 'Vitamin C deficiency impairs collagen synthesis.' },
      { name: 'B', answer: 'C', rationale: 'Vitamin D regulates calcium absorption in the gut.' },
    ],
  },
  { question_id: 'med-3', gold: 7.5, protocol: 'voting', agents: [{ name: 'A', answer: 7.5, rationale: 'Half of fifteen is seven and a half.' }, { name: 'B', answer: '7.50', rationale: 'Fifteen divided by two gives seven point five.' }] },
];

function writeLines(name: string, lines: readonly unknown[]): string {
  const file = join(dir, name);
  writeFileSync(file, lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n');
  return file;
}

describe('foreign traces', () => {
  it('are imported as a synthetic run and audited without any chat backend', async () => {
    const file = writeLines('traces.jsonl', FOREIGN_LINES);
    const store = await openStore(':memory:');
    try {
      const imported = await importForeignTraces(store, file);
      assert.match(imported.runId, /^foreign-[0-9a-f]{12}$/);
      assert.deepEqual([imported.created, imported.units], [true, 3]);
      const units = await store.listUnits(imported.runId);
      assert.deepEqual(
        units.map((unit) => [unit.questionId, unit.protocol, unit.seed, unit.status]),
        [['med-1', 'debate', 0, 'done'], ['med-2', 'debate', 0, 'done'], ['med-3', 'voting', 0, 'done']],
      );
      assert.equal(units[0]!.summary!.correct, true);
      assert.equal(units[2]!.summary!.correct, true, '7.5 and "7.50" are the same number');

      const again = await importForeignTraces(store, file);
      assert.deepEqual([again.runId, again.created], [imported.runId, false]);
      assert.equal((await store.countUnits(imported.runId)).total, 3);

      const { audits } = await auditRuns({ store, runIds: [imported.runId], embedding: new FakeEmbeddingProvider({}, { fallback: hashedVector }), nli: new FakeNliProvider() });
      const { audit, questions } = audits[0]!;
      const [med1, med2, med3] = questions;
      assert.deepEqual(med1!.agreementSet, ['A', 'B', 'C']);
      assert.deepEqual(med1!.details.agents[0]!.steps, ['Atropine blocks M2 muscarinic receptors in the sinoatrial node.', 'Less vagal tone raises the heart rate.']);
      assert.deepEqual(med1!.details.agents[1]!.steps, ['Atropine is first-line for symptomatic bradycardia — ACLS bradycardia algorithm', 'It removes vagal braking of the sinus node']);
      assert.deepEqual(med1!.details.agents[2]!, { name: 'C', answer: 'B', answers: ['D', 'B'], inAgreementSet: true, steps: [], ownSteps: 0, moved: true });
      assert.equal(typeof med1!.caraGt, 'number');
      assert.deepEqual(med2!.reasons, ['agreement-set-below-two']);
      assert.equal(med3!.eligible, true);
      assert.deepEqual(
        audit.summary.groups.map((group) => [group.protocol, group.units, group.eligible]),
        [['debate', 2, 1], ['voting', 1, 1]],
      );
      assert.equal(audit.summary.overall.protocol, 'all');
    } finally {
      await store.close();
    }
  });

  it('a unit whose agreeing agents have no rationale is not eligible (n/a, not 0) and labelled FM5', async () => {
    // By the definitions of docs/metrics.md: S(q) = {A, B} (both answer B); neither has a step, so CARA has
    // nothing to compare — not eligible, reason no-rationale; FM5 = an agent of S(q) with no step that did
    // not change its answer (no history: it did not move). FM4 needs a moved agent, so only FM5 matches.
    const silent = { question_id: 'bare-1', gold: 'B', protocol: 'debate', agents: [{ name: 'A', answer: 'B' }, { name: 'B', answer: 'B', rationale: '' }] };
    const store = await openStore(':memory:');
    try {
      const onlySilent = await importForeignTraces(store, writeLines('bare.jsonl', [silent]));
      const { audits } = await auditRuns({ store, runIds: [onlySilent.runId], embedding: new FakeEmbeddingProvider({}, { fallback: hashedVector }), nli: new FakeNliProvider() });
      const [unit] = audits[0]!.questions;
      assert.equal(unit!.eligible, false);
      assert.deepEqual(unit!.reasons, ['no-rationale']);
      assert.deepEqual(unit!.agreementSet, ['A', 'B']);
      assert.equal(unit!.caraHyb, null);
      assert.equal(unit!.sim, null);
      assert.equal(unit!.failureMode, 'FM5');
      assert.deepEqual(unit!.details.failureModes, ['FM5']);
      const summary = audits[0]!.audit.summary.overall;
      assert.deepEqual(summary.caraHyb, { mean: null, low: null, high: null, n: 0 });
      assert.deepEqual(summary.notEligibleReasons, { 'no-rationale': 1 });
      assert.equal(summary.failureModes.FM5, 1);
      assert.match(formatAuditTable([audits[0]!.audit]), /debate\s+1\s+100\.0%\s+100\.0%\s+n\/a\s+n\/a/);

      // Mixed with a unit that has rationales: only that one enters the corpus mean; the silent one stays FM5.
      const moved = { ...silent, question_id: 'bare-2', agents: [{ name: 'A', answer: 'B', history: ['C'] }, { name: 'B', answer: 'B', history: ['C'] }] };
      const mixed = await importForeignTraces(store, writeLines('mixed.jsonl', [silent, moved, FOREIGN_LINES[2]]));
      const second = await auditRuns({ store, runIds: [mixed.runId], embedding: new FakeEmbeddingProvider({}, { fallback: hashedVector }), nli: new FakeNliProvider() });
      const [bare1, bare2, med3] = second.audits[0]!.questions;
      assert.equal(bare1!.failureMode, 'FM5');
      // both agents moved to B with no step of their own: FM4 by definition, and FM5 does not match (every agent moved)
      assert.deepEqual([bare2!.eligible, bare2!.failureMode, bare2!.details.failureModes], [false, 'FM4', ['FM4']]);
      assert.equal(med3!.eligible, true);
      const debate = second.audits[0]!.audit.summary.groups.find((group) => group.protocol === 'debate')!;
      assert.deepEqual([debate.eligible, debate.notEligibleReasons, debate.caraHyb.n, debate.failureModes.FM5, debate.failureModes.FM4], [0, { 'no-rationale': 2 }, 0, 1, 1]);
    } finally {
      await store.close();
    }
  });

  it('reject a malformed line naming file, line and field', async () => {
    const file = writeLines('bad.jsonl', [FOREIGN_LINES[0], { question_id: 'x', agents: [{ name: 'A', rationale: 'no answer given here' }] }]);
    await assert.rejects(readForeignTraces(file), (error: unknown) => {
      assert.ok(error instanceof DatasetFormatError);
      assert.equal(error.file, file);
      assert.equal(error.line, 2);
      assert.equal(error.field, 'agents.0.answer');
      assert.match(error.message, /bad\.jsonl, line 2, field "agents\.0\.answer"/);
      return true;
    });
  });

  it('reject both rationale and steps, unknown fields, repeated keys, broken JSON and quorum exports', async () => {
    const both = writeLines('both.jsonl', [{ question_id: 'x', agents: [{ name: 'A', answer: 'B', rationale: 'r', steps: ['s'] }] }]);
    await assert.rejects(readForeignTraces(both), /line 1.*either "rationale" or "steps"/);
    const misspelt = writeLines('misspelt.jsonl', [{ question_id: 'x', scoringPoints: ['p'], agents: [{ name: 'A', answer: 'B' }] }]);
    await assert.rejects(readForeignTraces(misspelt), /line 1.*scoringPoints/);
    const repeated = writeLines('repeated.jsonl', [FOREIGN_LINES[1], FOREIGN_LINES[1]]);
    await assert.rejects(readForeignTraces(repeated), /line 2, field "question_id".*line 1/);
    const twice = writeLines('twice.jsonl', [{ question_id: 'x', agents: [{ name: 'A', answer: 'B' }, { name: 'A', answer: 'C' }] }]);
    await assert.rejects(readForeignTraces(twice), /field "agents\.1\.name".*appears twice/);
    const broken = writeLines('broken.jsonl', [FOREIGN_LINES[1], '{"question_id": "x",']);
    await assert.rejects(readForeignTraces(broken), /broken\.jsonl, line 2: invalid JSON/);
    const exported = writeLines('export.jsonl', [{ traceVersion: 1, run: {}, unit: {}, events: [] }]);
    await assert.rejects(readForeignTraces(exported), (error: unknown) => error instanceof DatasetFormatError && /quorum import/.test(error.hint ?? ''));
    await assert.rejects(readForeignTraces(join(dir, 'absent.jsonl')), ConfigError);
    await assert.rejects(readForeignTraces(writeLines('empty.jsonl', [])), /holds no traces/);
  });
});
