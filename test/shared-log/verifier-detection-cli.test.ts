import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';
import { fakeRoleReply } from './fake-roles-server.js';

/**
 * Two FinQA items the scripted roles answer from their first table cell
 * (no program), so the verifier's `grounded` check decides: an injected
 * ×1.1 or ×1000 value is caught unless the cited cell states it too. The
 * second cell states net sales in two scales, "$ 1.2 billion ( $ 1,200
 * million )": the answer 1.2 with a ×1000 unit slip (1200) is still a
 * number the cell states, so that one error goes unnoticed.
 */
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
  {
    id: 'ACME/2019/page_2.pdf-1',
    pre_text: ['net sales grew in 2019 .'],
    post_text: [],
    table: [
      ['', '2019', '2018'],
      ['net sales', '$ 1.2 billion ( $ 1,200 million )', '$ 1.1 billion'],
    ],
    qa: { question: 'what were net sales in 2019 , in billions?', program: 'add(1.2, const_0)', exe_ans: 1.2, gold_inds: {} },
  },
];

const dir = mkdtempSync(join(tmpdir(), 'quorum-detection-cli-'));
const data = join(dir, 'finqa.json');
let server: FakeOpenAiServer;
before(async () => {
  writeFileSync(data, JSON.stringify(FINQA));
  server = await FakeOpenAiServer.start({ fallback: fakeRoleReply });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Detection {
  baseline: number;
  byKind: Record<'arithmetic' | 'unit', { injected: number; detected: number; rate: number | null }>;
}

describe('verifier detection rate through quorum run and quorum show', () => {
  it('injects errors into the verified answers of a dealog run and reports what the verifier caught', { timeout: 120_000 }, async () => {
    const db = join(dir, 'dealog.db');
    const run = await runInProcess(['run', '--protocol', 'dealog', '--dataset', 'finqa', '--data', data, '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(run.code, 0, run.stderr);
    const report = JSON.parse(run.stdout) as { runId: string; failed: number; tableQa: { exactMatch: number; verifierDetection: Detection } };
    assert.equal(report.failed, 0);
    assert.equal(report.tableQa.exactMatch, 1, 'both answers are verified and right');
    const expected: Detection = {
      baseline: 2,
      byKind: { arithmetic: { injected: 2, detected: 2, rate: 1 }, unit: { injected: 2, detected: 1, rate: 0.5 } },
    };
    assert.deepEqual(report.tableQa.verifierDetection, expected);

    // show rebuilds the questions from the recorded dataset and gives the same numbers
    const shownJson = await runInProcess(['show', report.runId, '--db', db, '--json']);
    assert.equal(shownJson.code, 0, shownJson.stderr);
    assert.deepEqual((JSON.parse(shownJson.stdout) as { tableQa: { verifierDetection: Detection } }).tableQa.verifierDetection, expected);
    const shown = await runInProcess(['show', report.runId, '--db', db]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /^detection {4}arithmetic 2\/2 \(100\.0%\) · unit 1\/2 \(50\.0%\) injected errors caught by the verifier, over 2 verified numeric answers$/m);

    // a changed data file is not the run's sources: no rate, and the reason
    writeFileSync(data, JSON.stringify([FINQA[0], { ...FINQA[1], table: [FINQA[1]!.table[0], ['net sales', '$ 1.3 billion', '$ 1.1 billion']] }]));
    const changed = await runInProcess(['show', report.runId, '--db', db, '--json']);
    assert.equal(changed.code, 0, changed.stderr);
    const tableQa = (JSON.parse(changed.stdout) as { tableQa: { verifierDetection: Detection | null; verifierDetectionUnavailable?: string; exactMatch: number } }).tableQa;
    assert.equal(tableQa.verifierDetection, null);
    assert.match(tableQa.verifierDetectionUnavailable ?? '', /differ from those the run was planned with/);
    assert.equal(tableQa.exactMatch, 1, 'the other table-QA measures do not need the questions');
    writeFileSync(data, JSON.stringify(FINQA));
  });

  it('prints no detection line for cot, which keeps no shared log', { timeout: 120_000 }, async () => {
    const db = join(dir, 'cot.db');
    server.enqueue({ kind: 'reply', text: 'The table says $ 5735.\nAnswer: 5735' }, { kind: 'reply', text: 'Answer: 1.2' });
    const result = await runInProcess(['run', '--protocol', 'cot', '--dataset', 'finqa', '--data', data, '--concurrency', '1', '--backend', `openai:fake@${server.url}`, '--db', db]);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^faithfulness /m);
    assert.doesNotMatch(result.stdout, /^detection/m);
  });
});
