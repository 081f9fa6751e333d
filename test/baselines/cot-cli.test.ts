import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer } from '../helpers/fake-openai-server.js';

// Two FinQA items in the original format: the fake model answers 637 to both, right for the first, wrong for the second.
const FINQA = [
  {
    id: 'ACME/2019/page_1.pdf-1',
    pre_text: ['revenue was $ 5735 million in 2019 and $ 5098 million in 2018 .'],
    post_text: ['costs were stable .'],
    table: [
      ['', '2019', '2018'],
      ['revenue', '$ 5735', '$ 5098'],
      ['costs', '$ 1200', '$ 1180'],
    ],
    qa: { question: 'what was the change in revenue from 2018 to 2019?', program: 'subtract(5735, 5098)', exe_ans: 637, gold_inds: {} },
  },
  {
    id: 'ACME/2019/page_1.pdf-2',
    pre_text: ['revenue was $ 5735 million in 2019 and $ 5098 million in 2018 .'],
    post_text: ['costs were stable .'],
    table: [
      ['', '2019', '2018'],
      ['revenue', '$ 5735', '$ 5098'],
      ['costs', '$ 1200', '$ 1180'],
    ],
    qa: { question: 'what was the change in costs from 2018 to 2019?', program: 'subtract(1200, 1180)', exe_ans: 20, gold_inds: {} },
  },
];

const dir = mkdtempSync(join(tmpdir(), 'quorum-cot-cli-'));
const data = join(dir, 'finqa.json');
let server: FakeOpenAiServer;
before(async () => {
  writeFileSync(data, JSON.stringify(FINQA));
  server = await FakeOpenAiServer.start({ fallback: { kind: 'reply', text: 'Revenue went from 5098 to 5735.\n5735 - 5098 = 637\nAnswer: 637' } });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('quorum run --protocol cot on a fake OpenAI server', () => {
  it('makes one call per question over the rendered context and reports table-QA metrics', { timeout: 120_000 }, async () => {
    const db = join(dir, 'cot.db');
    const result = await runInProcess(['run', '--protocol', 'cot', '--dataset', 'finqa', '--data', data, '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { runId: string; protocol: string; calls: number; agents: Array<{ name: string }>; unparsedTurns: number; tableQa: Record<string, unknown> };
    assert.equal(report.protocol, 'cot');
    assert.deepEqual(report.agents.map((agent) => agent.name), ['Solver']);
    assert.equal(report.calls, 2);
    assert.equal(report.unparsedTurns, 0);
    // answer 637 both times: gold 637 (EM 1, numeric match) and gold 20 (0); F1 and ROUGE-L of "637" vs "637" = 1, vs "20" = 0
    assert.equal(report.tableQa['units'], 2);
    assert.equal(report.tableQa['exactMatch'], 0.5);
    assert.equal(report.tableQa['numericMatch'], 0.5);
    assert.equal(report.tableQa['f1'], 0.5);
    assert.equal(report.tableQa['rougeL'], 0.5);
    assert.equal(report.tableQa['roundsMean'], 1);
    // cot keeps no shared log: no faithfulness, no FLAGs
    assert.equal(report.tableQa['faithfulness'], null);
    assert.equal(report.tableQa['flags'], 0);
    const prompt = server.requests[0]!.body.messages.at(-1)!.content;
    assert.match(prompt, /\| row \| {2}\| 2019 \| 2018 \|/);
    assert.match(prompt, /revenue was \$ 5735 million/);
    assert.match(prompt, /Answer: <answer>/);
    // the system prompt names no domain: FinQA gets "only the context given", nothing about financial reports
    assert.equal(server.requests[0]!.body.messages[0]!.content, 'You answer questions using only the context given. Show your reasoning and calculations.');

    const store = await openStore(db);
    try {
      const [unit] = await store.listUnits(report.runId);
      const events = await store.getEvents(unit!.id);
      assert.equal(eventsOfType(events, 'turn').length, 1);
      const final = eventsOfType(events, 'final')[0]!;
      assert.equal(final.aggregate, 'single');
      assert.equal(final.answer.value, '637');
    } finally {
      await store.close();
    }

    const shown = await runInProcess(['show', report.runId, '--db', db]);
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /^protocol cot$/m);
    assert.doesNotMatch(shown.stdout, /visibility undefined|rounds undefined/);
    assert.doesNotMatch(shown.stdout, /^prr |^agreement |^changes /m);
    assert.match(shown.stdout, /^em {11}50\.0% exact match/m);
    assert.match(shown.stdout, /^numeric {6}50\.0% within FinQA tolerance/m);
    assert.match(shown.stdout, /^f1 {11}0\.500 token F1 · rouge-l 0\.500/m);
    assert.match(shown.stdout, /^rounds used  1\.00 per unit/m);
    assert.match(shown.stdout, /^latency\/q {4}\d+\.\d\d s mean/m);
  });

  it('--corrupt perturbs the context the model sees and records rate and seed with the run', { timeout: 120_000 }, async () => {
    const db = join(dir, 'corrupt.db');
    const before = server.requests.length;
    const result = await runInProcess(['run', '--protocol', 'cot', '--dataset', 'finqa', '--data', data, '--limit', '1', '--corrupt', '0.3', '--corrupt-seed', '4', '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
    assert.equal(result.code, 0, result.stderr);
    const report = JSON.parse(result.stdout) as { dataset: string };
    assert.equal(report.dataset, 'finqa+corrupt(p=0.3,seed=4)');
    const prompt = server.requests[before]!.body.messages.at(-1)!.content;
    const clean = server.requests[0]!.body.messages.at(-1)!.content;
    assert.notEqual(prompt, clean);

    const refused = await runInProcess(['run', '--protocol', 'cot', '--dataset', 'finqa', '--data', data, '--corrupt', '0.5', '--backend', `openai:fake@${server.url}`, '--db', db]);
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /between 0 and 0\.3/);
  });
});

describe('quorum run --protocol cot without context', () => {
  it('asks a question without context with no word about context or a domain', { timeout: 120_000 }, async () => {
    const before = server.requests.length;
    const result = await runInProcess(['run', '--protocol', 'cot', '--dataset', 'demo', '--limit', '1', '--backend', `openai:fake@${server.url}`, '--db', join(dir, 'cot-demo.db'), '--json']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(server.requests[before]!.body.messages[0]!.content, 'You answer questions. Show your reasoning and calculations.');
  });
});
