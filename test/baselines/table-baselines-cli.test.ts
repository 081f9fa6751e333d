import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';

// One FinQA item in the original format, written for this test: the change in revenue is 5735 − 5098 = 637
const FINQA = [
  {
    id: 'ACME/2019/page_1.pdf-1',
    pre_text: ['revenue was $ 5735 million in 2019 and $ 5098 million in 2018 .'],
    post_text: ['costs were stable .'],
    table: [['', '2019', '2018'], ['revenue', '$ 5735', '$ 5098'], ['costs', '$ 1200', '$ 1180']],
    qa: { question: 'what was the change in revenue from 2018 to 2019?', program: 'subtract(5735, 5098)', exe_ans: 637, gold_inds: {} },
  },
];

/** ReWOO: a plan with one calculator step, the solver answers 637; ReAcTable: one SQL step, then the answer. */
function behave(request: RecordedRequest): FakeBehavior {
  const prompt = request.body.messages.at(-1)!.content;
  if (prompt.startsWith('For the following tasks, make plans')) return { kind: 'reply', text: 'Plan: Subtract the 2018 revenue from the 2019 revenue.\n#E1 = Calculator[5735 - 5098]' };
  if (prompt.startsWith('Solve the following task')) return { kind: 'reply', text: '637' };
  if (prompt.includes('The database table DF')) {
    return { kind: 'reply', text: prompt.includes('```.\n\nThe database table DF') ? 'Answer: ```637```.' : "SQL: ```SELECT * FROM DF WHERE col_0 = 'revenue'```." };
  }
  return { kind: 'reply', text: 'ok' };
}

const dir = mkdtempSync(join(tmpdir(), 'quorum-table-baselines-'));
const data = join(dir, 'finqa.json');
let server: FakeOpenAiServer;
before(async () => {
  writeFileSync(data, JSON.stringify(FINQA));
  server = await FakeOpenAiServer.start({ fallback: behave });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(protocol: string, extra: string[] = []) {
  const db = join(dir, `${protocol}.db`);
  const result = await runInProcess(['run', '--protocol', protocol, '--dataset', 'finqa', '--data', data, '--backend', `openai:fake@${server.url}`, '--db', db, '--json', ...extra]);
  assert.equal(result.code, 0, result.stderr);
  const report = JSON.parse(result.stdout) as { runId: string; calls: number; agents: Array<{ name: string }>; tableQa: Record<string, unknown> };
  const store = await openStore(db);
  try {
    const [unit] = await store.listUnits(report.runId);
    return { report, events: await store.getEvents(unit!.id) };
  } finally {
    await store.close();
  }
}

describe('table-QA baselines through quorum run on a fake OpenAI server', () => {
  it('rewoo: Planner, Solver (no LLM step); the calculator\'s evidence reaches the solver; EM 1', { timeout: 120_000 }, async () => {
    const { report, events } = await run('rewoo');
    assert.deepEqual(report.agents.map((agent) => agent.name), ['Planner', 'Worker', 'Solver']);
    assert.equal(report.calls, 2);
    assert.equal(report.tableQa['exactMatch'], 1);
    const solver = eventsOfType(events, 'turn').find((turn) => turn.agent === 'Solver')!;
    assert.match(solver.messages[0]!.content, /Plan: Subtract the 2018 revenue from the 2019 revenue\.\nEvidence:\n637\n/);
    assert.equal(eventsOfType(events, 'final')[0]!.correct, true);
  });

  it('react-table: one SQL step on SQLite, then the answer; --rounds caps the calls', { timeout: 120_000 }, async () => {
    const { report, events } = await run('react-table');
    assert.deepEqual(report.agents.map((agent) => agent.name), ['Solver']);
    assert.equal(report.calls, 2);
    const second = eventsOfType(events, 'turn')[1]!;
    // the query's result, the revenue row alone, is the table of the second step
    assert.match(second.messages[0]!.content, /Table "DF": 1 rows, columns "col_0", "col_1_2019", "col_2_2018"\n\| row \| col_0 \| col_1_2019 \| col_2_2018 \|\n\| --- \| --- \| --- \| --- \|\n\| 0 \| revenue \| \$ 5735 \| \$ 5098 \|/);
    assert.equal(eventsOfType(events, 'final')[0]!.correct, true);
    const capped = await run('react-table', ['--rounds', '1']);
    assert.equal(capped.report.calls, 1, 'with one call allowed the answer is forced at once');
  });
});
