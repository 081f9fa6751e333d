/**
 * The example studies run as written against an OpenAI-compatible server
 * (here the test server), made small: two questions per dataset and one
 * seed. The replies are fixed, so the figures measure nothing; the tests
 * check that each grid runs, is stored, audited where the file asks, and
 * reported with the metrics the example compares — agreement n/a where one
 * agent answers, 1 where three agents all answer B. Skipped without the
 * shared dataset a study reads.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { buildStudyReport } from '../../src/analysis/study-report.js';
import { openStore } from '../../src/store/open-store.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { readRunQuestions } from '../../src/study/read-run-questions.js';
import { resolveStudyFile } from '../../src/study/resolve-study.js';
import { runStudy } from '../../src/study/run-study.js';
import { hasSharedData, sharedDataFile } from '../datasets/shared-data-path.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { REPO_ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-example-dealog-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('example studies on the test server', () => {
  it('runs all four protocols at four corruption levels and reports EM, verifier detection and latency', { skip: !hasSharedData('finqa', 'dev.json') && 'shared FinQA file absent' }, async () => {
    const path = join(REPO_ROOT, 'examples', 'dealog-robustness.study.yaml');
    const server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Final answer: 5' } });
    const store = await openStore(join(dir, 'study.db'));
    try {
      // the file as written, made small: 2 questions per level, one seed
      const data = parse(readFileSync(path, 'utf8')) as { datasets: Array<{ limit?: number }>; seeds: unknown };
      for (const dataset of data.datasets) dataset.limit = 2;
      data.seeds = [1];
      const file = parseStudyFile(stringify(data), 'dealog-robustness.study.yaml', { QUORUM_STUDY_URL: server.url, QUORUM_STUDY_MODEL: 'test-model' });
      const study = await resolveStudyFile(file, path);
      const outcome = await runStudy({ store, study, audit: false });
      const progress = (await store.listStudyRuns(outcome.studyId)).length;
      assert.equal(progress, 16, '4 protocols × 4 corruption levels');
      const report = await buildStudyReport(store, (await store.getStudy(outcome.studyId))!, { readQuestions: readRunQuestions });
      const compared = new Set(report.comparisons.map((row) => row.metric));
      for (const metric of ['em', 'accuracy', 'latency_ms', 'wall_ms', 'tokens']) assert.ok(compared.has(metric), `${metric} compared`);
      assert.ok(report.tables.some((table) => table.id === 'protocols-latency'));
      const rows = report.protocols;
      assert.equal(rows.length, 16);
      for (const row of rows) assert.equal(row.estimates.agreement.mean, null, `${row.label}: agreement n/a`);
      for (const row of rows.filter((entry) => entry.protocol === 'cot')) assert.equal(row.estimates['faithfulness']?.mean ?? null, null, 'cot keeps no shared log');
    } finally {
      await store.close();
      await server.close();
    }
  });

  it('the CARA example (ni, du, gdp on MedQA and MedThink) runs, is audited and reports CARA, CARA-GT, failure-mode shares and agreement', { skip: !hasSharedData('medqa', 'phrases_no_exclude_test.jsonl') && 'shared MedQA sample absent' }, async () => {
    const path = join(REPO_ROOT, 'examples', 'cara-medqa.study.yaml');
    // every agent answers B, in the form both quorum's parser and Du et al.'s "(X)" extraction read, with two reasoning sentences
    // gdp asks for its JSON schema (CLAIM/GROUND steps); the others read free text
    const free = 'The findings point to the second option. Its mechanism fits the presentation.\nFinal answer: (B)';
    const step = { claim: 'The findings point to the second option', ground: 'Its mechanism fits the presentation' };
    const gdp = (stance: boolean): string => JSON.stringify({ steps: [stance ? { ...step, stance: { peer: null, type: null, target: null, counterGround: null } } : step], answer: 'B' });
    // the schema asks for a stance from round 1 on (docs/protocols.md, GDP)
    const asksStance = (schema: unknown): boolean => JSON.stringify(schema ?? {}).includes('"stance"');
    const server = await FakeOpenAiServer.start({ fallback: (request) => ({ kind: 'reply', text: request.body.response_format === undefined ? free : gdp(asksStance(request.body.response_format.json_schema?.schema)) }) });
    const store = await openStore(join(dir, 'cara.db'));
    try {
      const data = parse(readFileSync(path, 'utf8')) as { datasets: Array<{ limit?: number }>; seeds: unknown };
      for (const dataset of data.datasets) dataset.limit = 2;
      data.seeds = [1];
      // MedThink-Bench has no licence: the shared copy when present, else quorum's own format-true sample (the file's default)
      const medthink = hasSharedData('medthink_bench', 'QA_data.json') ? sharedDataFile('medthink_bench', 'QA_data.json') : '';
      const file = parseStudyFile(stringify(data), 'cara-medqa.study.yaml', { QUORUM_STUDY_URL: server.url, QUORUM_STUDY_MODEL: 'test-model', QUORUM_MEDTHINK_PATH: medthink });
      const outcome = await runStudy({ store, study: await resolveStudyFile(file, path) });
      const report = await buildStudyReport(store, (await store.getStudy(outcome.studyId))!);
      assert.deepEqual(report.protocols.map((row) => `${row.dataset}/${row.protocol}`), ['medqa/ni', 'medqa/du', 'medqa/gdp', 'medthink/ni', 'medthink/du', 'medthink/gdp']);
      for (const row of report.protocols) {
        assert.equal(row.done, 2, `${row.label}: both units done`);
        assert.equal(row.estimates.agreement.mean, 1, `${row.label}: three agents, all answering B`);
        assert.notEqual(row.audit, null, `${row.label}: audited`);
      }
      // CARA-GT needs reference steps: MedThink's scoring points give them, MedQA has none
      for (const row of report.protocols) {
        const scored = row.estimates['cara_gt']?.mean ?? null;
        if (row.dataset === 'medthink') assert.notEqual(scored, null, `${row.label}: CARA-GT from the scoring points`);
        else assert.equal(scored, null, `${row.label}: no reference steps, CARA-GT n/a`);
      }
      const compared = new Set(report.comparisons.map((row) => row.metric));
      for (const metric of ['accuracy', 'agreement', 'fm1', 'latency_ms']) assert.ok(compared.has(metric), `${metric} compared`);
    } finally {
      await store.close();
      await server.close();
    }
  });
});
