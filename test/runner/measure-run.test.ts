import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runMetrics } from '../../src/api/run.js';
import { registeredMetrics } from '../../src/metrics/metric-registry.js';
import type { StudyConfig } from '../../src/study/study-config.js';
import { collectStudyData } from '../../src/study/collect-study-data.js';
import { openStore } from '../../src/store/open-store.js';
import { createViewerApp } from '../../src/web/server/create-viewer-app.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { fakeRoleReply } from '../shared-log/fake-roles-server.js';

/**
 * `quorum run`, `quorum show`, the viewer and a study's data pass must
 * apply the same metrics to a run, whatever its protocol and dataset.
 * The expected sets are derived by hand from each metric's declared needs
 * (`needs` in src/metrics/built-in/*.ts; DESIGN §6; docs/metrics.md):
 *
 * - needs nothing: unparsed, rounds, tokens, calls, cost_usd, latency_ms, wall_ms — every run;
 * - `gold`: accuracy; `numeric-gold`: abs_error (FinQA's gold is a number, the demo set's a letter);
 * - `several-agents`: agreement, ad; with `interaction-rounds` prr; with `numeric-gold` cf
 *   (du has 3 answering agents and 1 interaction round; cot has 1 agent; DeALOG's only
 *   answering role is the summariser, so none of these apply to it);
 * - `free-form-answer` + `gold`: em, numeric_match, f1, rouge_l — FinQA's official scorer
 *   reports a per-answer numeric match (not an option letter); the demo set's letter scorer does not;
 * - `scorer-reports`: scorer_numeric_lenient, the FinQA scorer's per-answer metric;
 * - `events` + `shared-log`: faithfulness (DeALOG only); with `verifier` flags (its
 *   verifier says OK); with `question` verifier_detection (questions rebuilt from the data file);
 * - `audit`: CARA and failure modes — none, nothing is audited.
 */
const ALWAYS = ['unparsed', 'rounds', 'tokens', 'calls', 'cost_usd', 'latency_ms', 'wall_ms'];
const TABLE_ANSWERS = ['accuracy', 'abs_error', 'em', 'numeric_match', 'f1', 'rouge_l', 'scorer_numeric_lenient'];
const EXPECTED: Record<string, string[]> = {
  'du on demo': [...ALWAYS, 'accuracy', 'agreement', 'prr', 'ad'],
  'du on finqa': [...ALWAYS, ...TABLE_ANSWERS, 'agreement', 'prr', 'ad', 'cf'],
  'cot on finqa': [...ALWAYS, ...TABLE_ANSWERS],
  'dealog on finqa': [...ALWAYS, ...TABLE_ANSWERS, 'faithfulness', 'flags', 'verifier_detection'],
};

const FINQA = [
  {
    id: 'ACME/2019/page_1.pdf-1',
    pre_text: ['revenue was $ 5735 million in 2019 .'],
    post_text: [],
    table: [
      ['', '2019', '2018'],
      ['revenue', '$ 5735', '$ 5098'],
    ],
    qa: { question: 'what was revenue in 2019?', program: 'add(5735, const_0)', exe_ans: 5735, gold_inds: {} },
  },
];

const dir = mkdtempSync(join(tmpdir(), 'quorum-measure-run-'));
const data = join(dir, 'finqa.json');
const db = join(dir, 'runs.db');
const servers: Record<'roles' | 'letter' | 'number', FakeOpenAiServer | undefined> = { roles: undefined, letter: undefined, number: undefined };
const runIds: Record<string, string> = {};
const ranSets: Record<string, string[]> = {};

before(async () => {
  writeFileSync(data, JSON.stringify(FINQA));
  servers.roles = await FakeOpenAiServer.start({ fallback: fakeRoleReply });
  servers.letter = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'The first option fits best.\nAnswer: A' } });
  // the three du agents give different numbers in round 0, so CF has a round-0 variance to reduce
  let call = 0;
  servers.number = await FakeOpenAiServer.start({ fallback: () => ({ kind: 'reply', text: `The table says revenue was $ 5735 million.\nAnswer: ${5735 + (call++ % 3)}` }) });
  const runs: Array<[string, string[]]> = [
    ['du on demo', ['--protocol', 'du', '--dataset', 'demo', '--limit', '2', '--backend', `openai:fake@${servers.letter.url}`]],
    ['du on finqa', ['--protocol', 'du', '--dataset', 'finqa', '--data', data, '--concurrency', '1', '--backend', `openai:fake@${servers.number.url}`]],
    ['cot on finqa', ['--protocol', 'cot', '--dataset', 'finqa', '--data', data, '--backend', `openai:fake@${servers.number.url}`]],
    ['dealog on finqa', ['--protocol', 'dealog', '--dataset', 'finqa', '--data', data, '--backend', `openai:fake@${servers.roles.url}`]],
  ];
  for (const [name, args] of runs) {
    const result = await runInProcess(['run', ...args, '--db', db, '--json']);
    assert.equal(result.code, 0, `${name}: ${result.stderr}`);
    const report = JSON.parse(result.stdout) as { runId: string; failed: number; applicable: string[] };
    assert.equal(report.failed, 0, name);
    runIds[name] = report.runId;
    ranSets[name] = report.applicable;
  }
});
after(async () => {
  await Promise.all(Object.values(servers).map((server) => server?.close()));
  rmSync(dir, { recursive: true, force: true });
});

const sorted = (keys: readonly string[]): string[] => [...keys].sort();

describe('run, show, the viewer and a study apply the same metrics to a run', () => {
  it('quorum run --json lists the metrics the definitions make applicable', { timeout: 180_000 }, () => {
    for (const [name, expected] of Object.entries(EXPECTED)) assert.deepEqual(sorted(ranSets[name]!), sorted(expected), name);
  });

  it('quorum show --json lists the same set (it rebuilds the questions from the recorded data file)', { timeout: 60_000 }, async () => {
    for (const [name, expected] of Object.entries(EXPECTED)) {
      const shown = await runInProcess(['show', runIds[name]!, '--db', db, '--json']);
      assert.equal(shown.code, 0, shown.stderr);
      const json = JSON.parse(shown.stdout) as { applicable: string[]; tableQa?: { verifierDetection: unknown } };
      assert.deepEqual(sorted(json.applicable), sorted(expected), name);
      // the table-QA block follows the set: shown where em applies
      assert.equal(json.tableQa !== undefined, expected.includes('em'), name);
    }
  });

  it("the viewer's /api/runs/:id/metrics lists the same set, and computes faithfulness and verifier detection", { timeout: 60_000 }, async () => {
    const store = await openStore(db);
    try {
      const app = createViewerApp({ store, uiDir: null, env: {} });
      for (const [name, expected] of Object.entries(EXPECTED)) {
        const response = await app.request(`/api/runs/${runIds[name]}/metrics`);
        assert.equal(response.status, 200, name);
        const page = (await response.json()) as { metrics: { applicable: string[]; tableQa: { faithfulness: number | null; verifierDetection: unknown } }; unavailable?: string };
        assert.deepEqual(sorted(page.metrics.applicable), sorted(expected), name);
        assert.equal(page.unavailable, undefined, name);
        if (name === 'dealog on finqa') {
          assert.notEqual(page.metrics.tableQa.faithfulness, null, 'faithfulness from the shared log');
          assert.notEqual(page.metrics.tableQa.verifierDetection, null, 'verifier detection from the rebuilt questions');
        }
      }
    } finally {
      await store.close();
    }
  });

  it("the library's runMetrics reads what the same needs ask for: values only for metrics of the set, verifier detection included", { timeout: 60_000 }, async () => {
    const store = await openStore(db);
    try {
      for (const [name, expected] of Object.entries(EXPECTED)) {
        const measured = await runMetrics(store, runIds[name]!);
        const withValues = measured.filter(({ values }) => values.some((value) => value !== null)).map(({ metric }) => metric.key);
        const outside = withValues.filter((key) => !expected.includes(key));
        assert.deepEqual(outside, [], `${name}: values outside the applicable set`);
        if (name === 'dealog on finqa') {
          const byKey = new Map(measured.map((entry) => [entry.metric.key, entry.mean]));
          assert.notEqual(byKey.get('verifier_detection'), null, 'the questions were rebuilt');
          assert.notEqual(byKey.get('faithfulness'), null, 'the events were read');
        }
      }
    } finally {
      await store.close();
    }
  });

  it("a study's data pass gives each cell the same set, and its per-unit observations meet the needs of exactly those metrics", { timeout: 60_000 }, async () => {
    const store = await openStore(db);
    try {
      const names = Object.keys(EXPECTED);
      // one cell per run, one dataset label per cell (collectStudyData reads cells, datasets, setups, seeds and the audit settings)
      const config = {
        version: 1,
        name: 'same-metrics',
        source: 'study.yaml',
        file: { audit: { embed: 'wordvec', nli: 'heuristic', tau: 0.5 } },
        datasets: names.map((name) => ({ label: name, questionIds: [] })),
        setups: [{ label: 'default' }],
        protocols: [],
        seeds: [1],
        cells: names.map((name) => ({ key: `${name}|${name}|default`, protocol: name.split(' ')[0]!, dataset: name, setup: 'default' })),
        identity: 'test',
      } as unknown as StudyConfig;
      const study = { id: 'study-same-metrics', name: 'same-metrics', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', status: 'done' as const, note: null, config: config as unknown as Record<string, unknown> };
      await store.saveStudy(study);
      for (const [index, name] of names.entries()) await store.linkStudyRun(study.id, config.cells[index]!.key, runIds[name]!);
      const collected = await collectStudyData(store, study);
      for (const cell of collected.cells) {
        const expected = sorted(EXPECTED[cell.cell.dataset]!);
        assert.deepEqual(sorted(cell.metrics!.applicable), expected, cell.cell.dataset);
        assert.equal(cell.inputsNote, undefined, cell.cell.dataset);
        // the report's observations decide n/a per unit from the needs on their own path (analysis/unit-observations.ts):
        // a metric applies to the cell when some unit's observation has no unmet need for it
        const applying = registeredMetrics()
          .map((metric) => metric.key)
          .filter((key) => cell.observations.some((observation) => observation.unmet?.[key] === undefined));
        assert.deepEqual(sorted(applying), expected, `${cell.cell.dataset}: observations`);
      }
    } finally {
      await store.close();
    }
  });
});
