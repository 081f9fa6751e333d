/**
 * `quorum audit` end to end with the default offline models (wordvec +
 * heuristic): a run made through the CLI against a fake OpenAI server, a
 * foreign-trace file, re-auditing with another τ, and bad input.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openStore } from '../../src/store/open-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-audit-cli-'));
let server: FakeOpenAiServer;

/** Each agent reasons differently and all answer B, so every unit is eligible. */
const REPLIES: Record<string, string> = {
  'Agent A': 'The pancreas secretes insulin from its beta cells.\nThe liver only stores glycogen.\nAnswer: B',
  'Agent B': 'Beta cells in the pancreatic islets release insulin into the blood.\nAnswer: B',
  'Agent C': 'Insulin is not made by the spleen.\nThe kidney filters blood and makes no hormone of that kind.\nAnswer: B',
};

const FOREIGN = [
  {
    question_id: 'med-1',
    gold: 'B',
    scoring_points: ['Atropine blocks muscarinic receptors at the sinoatrial node'],
    agents: [
      { name: 'A', answer: 'B', rationale: 'Atropine blocks M2 muscarinic receptors in the sinoatrial node. Less vagal tone raises the heart rate.' },
      { name: 'B', answer: 'B', steps: ['Atropine is a muscarinic antagonist that increases sinus node firing'] },
    ],
  },
  { question_id: 'med-2', gold: 'A', agents: [{ name: 'A', answer: 'A', rationale: 'Vitamin C deficiency impairs collagen synthesis.' }, { name: 'B', answer: 'C', rationale: 'Vitamin D regulates calcium.' }] },
];

before(async () => {
  server = await FakeOpenAiServer.start({
    fallback: (request) => {
      const agent = /You are (Agent [A-Z])\./.exec(request.body.messages.at(-1)?.content ?? '')?.[1] ?? 'Agent A';
      return { kind: 'reply', text: REPLIES[agent] ?? REPLIES['Agent A']!, promptTokens: 100, completionTokens: 10 };
    },
  });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum audit', () => {
  it('audits a stored run and foreign traces, stores both audits, and prints the documented JSON keys', async () => {
    const db = join(dir, 'audit.db');
    // du-fresh: the fake server tells agents apart by the name in quorum's prompt
    const run = await runInProcess(['run', '--protocol', 'du-fresh', '--dataset', 'demo', '--limit', '3', '--rounds', '1', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
    const traces = join(dir, 'traces.jsonl');
    writeFileSync(traces, `${FOREIGN.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const perQuestion = join(dir, 'per-question.csv');

    const audited = await runInProcess(['audit', runId, traces, '--db', db, '--json', '--per-question', perQuestion]);
    assert.equal(audited.code, 0, audited.stderr);
    const reports = JSON.parse(audited.stdout) as Array<Record<string, unknown>>;
    assert.equal(reports.length, 2, 'several targets print an array');
    for (const report of reports) {
      for (const key of ['cara_hyb', 'sim', 'cr', 'eligible', 'not_eligible', 'fm', 'embed', 'nli', 'tau', 'cara_hyb_ci', 'label', 'protocols']) assert.ok(key in report, `missing ${key}`);
      assert.equal(report.embed, 'wordvec');
      assert.equal(report.nli, 'heuristic');
      assert.equal(report.tau, 0.5);
      assert.equal(report.fallback, true);
      assert.match(String(report.fallback_note), /not the paper's setup/);
      assert.deepEqual(Object.keys(report.fm as object), ['FM1', 'FM2', 'FM3', 'FM4', 'FM5', 'FM6']);
    }
    const [stored, foreign] = reports as [Record<string, number | string>, Record<string, number | string>];
    assert.equal(stored.run_id, runId);
    assert.equal(stored.eligible, 3);
    assert.equal(stored.not_eligible, 0);
    assert.equal(typeof stored.cara_hyb, 'number');
    assert.ok((stored.cara_hyb as number) > -1 && (stored.cara_hyb as number) <= 1);
    assert.match(String(foreign.run_id), /^foreign-/);
    assert.equal(foreign.eligible, 1);
    assert.equal(foreign.not_eligible, 1);
    assert.equal(typeof foreign.cara_gt, 'number');
    const csv = readFileSync(perQuestion, 'utf8').trim().split('\n');
    assert.equal(csv.length, 1 + 3 + 2);
    assert.match(csv[0]!, /^run_id,audit_id,unit_id,question_id,protocol,seed,eligible,reasons,agreement_set,cara_hyb,sim,cr,cara_gt/);

    const again = await runInProcess(['audit', runId, '--db', db, '--tau', '0.7']);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /audit models: wordvec\+heuristic τ=0\.7 \(fallback\)/);
    assert.match(again.stdout, /note: fallback models, not the paper's setup: DeBERTa-v3 NLI \+ Stella embeddings/);
    assert.match(again.stdout, /CARA-HYB \[95% CI\]/);
    assert.match(again.stdout, new RegExp(`${runId}\\s+du-fresh\\s+3\\s+`));

    const store = await openStore(db, { readonly: true });
    try {
      const audits = await store.listAudits(runId);
      assert.deepEqual(
        audits.map((audit) => [audit.label, audit.settings.tau]),
        [
          ['wordvec+heuristic τ=0.7 (fallback)', 0.7],
          ['wordvec+heuristic τ=0.5 (fallback)', 0.5],
        ],
      );
      const questions = await store.listAuditQuestions(audits[1]!.id);
      assert.equal(questions.length, 3);
      assert.equal(questions[0]!.details.pairs.length, 3);
      assert.ok(questions[0]!.details.pairs[0]!.cosine.length > 0, 'cosine matrices are stored for the heatmap');
    } finally {
      await store.close();
    }
  });

  it('names file and line of a malformed foreign trace, and refuses unknown runs and models', async () => {
    const db = join(dir, 'bad.db');
    const file = join(dir, 'malformed.jsonl');
    writeFileSync(file, `${JSON.stringify(FOREIGN[0])}\n{"question_id": "x", "agents": [{"name": "A"}]}\n`);
    const malformed = await runInProcess(['audit', file, '--db', db]);
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /malformed\.jsonl, line 2, field "agents\.0\.answer"/);
    assert.match(malformed.stderr, /hint: .*Foreign traces/);

    // the failed audit above left no database behind (a failed command removes a store it created and did not use)
    assert.match((await runInProcess(['audit', 'run-missing', '--db', db])).stderr, /no database at .*bad\.db/);
    const unknown = await runInProcess(['audit', 'run-missing', '--db', db, '--create']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /no run "run-missing"/);

    const valid = join(dir, 'valid.jsonl');
    writeFileSync(valid, `${JSON.stringify(FOREIGN[0])}\n`);
    const model = await runInProcess(['audit', valid, '--db', db, '--nli', 'wordvec']);
    assert.equal(model.code, 2);
    assert.match(model.stderr, /"wordvec" is an embedding model, not an NLI model/);
  });
});
