/**
 * The DeALOG example study runs as written against an OpenAI-compatible
 * server (here the test server), made small: two FinQA questions per
 * corruption level and one seed. Every reply is "Final answer: 5", so the
 * figures measure nothing; the test checks that the grid runs, stores and
 * reports the metrics the example asks for, with agreement n/a (one
 * answering agent in every protocol). Skipped without the shared FinQA file.
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
import { hasSharedData } from '../datasets/shared-data-path.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { REPO_ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-example-dealog-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/dealog-robustness.study.yaml on the test server', () => {
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
});
