import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type RecordedRequest } from '../helpers/fake-openai-server.js';
import { fakeRoleReply } from '../shared-log/fake-roles-server.js';

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
    qa: { question: 'what was revenue in 2019?', program: 'add(5735, const_0)', exe_ans: 5735, gold_inds: {} },
  },
];

// The planner plans one TableAgent step; the other roles get DeALOG's fake replies.
function reply(request: RecordedRequest) {
  const system = request.body.messages[0]?.content ?? '';
  if (system.startsWith('You plan how specialists')) return { kind: 'reply' as const, text: JSON.stringify({ steps: [{ agent: 'TableAgent', focus: 'revenue in 2019' }] }) };
  return fakeRoleReply(request);
}

const dir = mkdtempSync(join(tmpdir(), 'quorum-planner-cli-'));
const data = join(dir, 'finqa.json');
let server: FakeOpenAiServer;
before(async () => {
  writeFileSync(data, JSON.stringify(FINQA));
  server = await FakeOpenAiServer.start({ fallback: reply });
});
after(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function eventsOf(db: string, runId: string) {
  const store = await openStore(db);
  try {
    const [unit] = await store.listUnits(runId);
    return await store.getEvents(unit!.id);
  } finally {
    await store.close();
  }
}

for (const protocol of ['planner', 'plan-log'] as const) {
  describe(`quorum run --protocol ${protocol} on a fake OpenAI server`, () => {
    it('plans first, executes only the planned specialist in round 0, answers from the log', { timeout: 120_000 }, async () => {
      const db = join(dir, `${protocol}.db`);
      const result = await runInProcess(['run', '--protocol', protocol, '--dataset', 'finqa', '--data', data, '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
      assert.equal(result.code, 0, result.stderr);
      const report = JSON.parse(result.stdout) as { runId: string; failed: number; agents: Array<{ name: string }>; unparsedTurns: number | null; tableQa: Record<string, unknown> };
      assert.equal(report.failed, 0);
      assert.deepEqual(report.agents.map((agent) => agent.name), ['PlannerAgent', 'TableAgent', 'ContextAgent', 'VisualAgent', 'SummarizingAgent', 'VerificationAgent']);
      const events = await eventsOf(db, report.runId);
      const turns = eventsOfType(events, 'turn');
      assert.equal(turns[0]!.agent, 'PlannerAgent');
      assert.equal(turns[0]!.parsed.answer.status, 'unparsed');
      const roundZero = turns.filter((turn) => turn.round === 0).map((turn) => turn.agent);
      assert.ok(roundZero.includes('TableAgent') && !roundZero.includes('ContextAgent'), roundZero.join(', '));
      const final = eventsOfType(events, 'final')[0]!;
      assert.equal(final.answer.value, '5735');
      // only the summariser's turns count towards unparsed turns: the planner's and specialists' carry no answer
      assert.equal(report.unparsedTurns, 0);
      assert.equal(report.tableQa['exactMatch'], 1);
      assert.equal(report.tableQa['numericMatch'], 1);
      // 5735 is the accepted LOOKUP's value
      assert.equal(report.tableQa['faithfulness'], 1);
      assert.equal(typeof report.tableQa['flags'], 'number');
    });
  });
}
