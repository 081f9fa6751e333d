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
import { buildStudyReport } from '../../src/study/build-study-report.js';
import { openStore } from '../../src/store/open-store.js';
import { parseStudyFile } from '../../src/study/load-study-file.js';
import { resolveStudyFile } from '../../src/study/resolve-study.js';
import { runStudy } from '../../src/study/run-study.js';
import { hasSharedData, sharedDataFile } from '../datasets/shared-data-path.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';
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
      const report = await buildStudyReport(store, (await store.getStudy(outcome.studyId))!);
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
  it('the FRED protocol example (ni, wr, cr, ra-cr with a judge) runs and reports H1 and H2 as one Bonferroni family', { skip: !hasSharedData('fred_sticky_cpi', 'CORESTICKM159SFRBATL.csv') && 'shared FRED series absent' }, async () => {
    const path = join(REPO_ROOT, 'examples', 'protocols-fred.study.yaml');
    // Agents A, B, C forecast 3.7, 3.9, 4.1 on their own; shown a peer, an agent agrees with the first one named and moves to 3.9,
    // a sentence that names a seen peer with a stance (docs/dynamics.md, PRR). The judge's scores come from the test server.
    const forecast: Record<string, string> = { A: '3.7', B: '3.9', C: '4.1' };
    const agentReply = (request: RecordedRequest): FakeBehavior => {
      const text = request.body.messages.map((message) => message.content).join('\n');
      const self = /You are Agent ([A-Z])\./.exec(text)?.[1] ?? 'A';
      const peer = [...text.matchAll(/Agent ([A-Z])\b/g)].map((match) => match[1]!).find((name) => name !== self);
      return { kind: 'reply', text: peer === undefined ? `The series drifts down.\nAnswer: ${forecast[self] ?? '3.9'}` : `I agree with Agent ${peer} on the trend.\nAnswer: 3.9` };
    };
    const server = await FakeOpenAiServer.start({ answerJudge: true, fallback: agentReply });
    const store = await openStore(join(dir, 'fred.db'));
    try {
      // the file as written, made small: 2 events, one seed
      const data = parse(readFileSync(path, 'utf8')) as { datasets: Array<{ forecast: { events: number } }>; seeds: unknown };
      for (const dataset of data.datasets) dataset.forecast.events = 2;
      data.seeds = [1];
      const file = parseStudyFile(stringify(data), 'protocols-fred.study.yaml', { QUORUM_STUDY_URL: server.url, QUORUM_STUDY_MODEL: 'test-model' });
      const outcome = await runStudy({ store, study: await resolveStudyFile(file, path) });
      const report = await buildStudyReport(store, (await store.getStudy(outcome.studyId))!);
      assert.deepEqual(report.protocols.map((row) => [row.protocol, row.done]), [['ni', 2], ['wr', 2], ['cr', 2], ['ra-cr', 2]]);
      assert.ok(server.requests.some((request) => request.body.response_format?.json_schema?.name === 'judge_scores'), 'ra-cr asked its judge');
      const [h1, h2] = report.hypotheses;
      for (const [result, id, metric] of [[h1, 'H1', 'prr'], [h2, 'H2', 'cf']] as const) {
        assert.deepEqual([result?.id, result?.metric, result?.family, result?.correction, result?.alternative, result?.familySize, result?.n], [id, metric, 'protocol-paper', 'bonferroni', 'greater', 2, 2]);
      }
      // By hand from the scripted replies: every turn after round 0 that was shown a peer agrees with it by name. In wr the first
      // speaker of rounds 1 and 2 is shown no peer (docs/dynamics.md), so PRR = 4/6; in cr every agent sees the last round, PRR = 1.
      assert.ok(Math.abs(h1!.meanDifference! - (4 / 6 - 1)) < 1e-12, `H1 wr − cr = −1/3, got ${h1!.meanDifference}`);
      assert.equal(h1!.rejected, false);
      // cr and ra-cr both end on 3.9 from three different forecasts (CF = 1 each): no difference, the test is undefined but still counted
      assert.equal(h2!.p, null);
      assert.ok(report.tables.some((table) => table.id === 'hypotheses'), 'hypothesis table in the report');
      console.log(JSON.stringify(report.protocols.map((r) => [r.label, r.done, r.estimates]), null, 1));
    } finally {
      await store.close();
      await server.close();
    }
  });
});
