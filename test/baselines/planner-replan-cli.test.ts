import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventsOfType } from '../../src/spec/trace.js';
import { openStore } from '../../src/store/open-store.js';
import { runInProcess } from '../helpers/run-in-process.js';
import { FakeOpenAiServer, type FakeBehavior, type RecordedRequest } from '../helpers/fake-openai-server.js';
import { fakeRoleReply } from '../shared-log/fake-roles-server.js';
import { roleOf } from '../shared-log/scripted-roles.js';

const FINQA = [
  {
    id: 'ACME/2019/page_1.pdf-1',
    pre_text: ['revenue grew 12 % in 2019 , to $ 5735 million .'],
    post_text: ['costs were stable .'],
    table: [
      ['', '2019', '2018'],
      ['revenue', '$ 5735', '$ 5098'],
      ['costs', '$ 1200', '$ 1180'],
    ],
    qa: { question: 'what was revenue in 2019?', program: 'add(5735, const_0)', exe_ans: 5735, gold_inds: {} },
  },
];

const REJECTED = 'The verifier rejected the last answer';
const NO_ANSWER = 'The last plan led to no answer';

type Step = { agent: string; focus: string };

/**
 * A server whose planner plans `first` until told why that failed, then a
 * TableAgent step; the verifier's model FLAGs an answer with no LOOKUP
 * behind it (growth is not revenue). Other replies are DeALOG's scripted
 * ones (`fakeRoleReply`).
 */
function plannerServer(first: Step[]): Promise<FakeOpenAiServer> {
  const reply = (request: RecordedRequest): FakeBehavior => {
    const [system, user] = request.body.messages.map((message) => message.content);
    if (system?.startsWith('You plan how specialists')) {
      const replanning = user?.includes(REJECTED) === true || user?.includes(NO_ANSWER) === true;
      return { kind: 'reply', text: JSON.stringify({ steps: replanning ? [{ agent: 'TableAgent', focus: 'revenue in 2019' }] : first }) };
    }
    if (roleOf(request.body) === 'VerificationAgent' && !/^#\d+ LOOKUP /m.test(user ?? '')) {
      return { kind: 'reply', text: JSON.stringify({ reason: 'the quote gives the growth rate, not the revenue', item: 'the 2019 revenue in the table', verdict: 'FLAG' }) };
    }
    return fakeRoleReply(request);
  };
  return FakeOpenAiServer.start({ fallback: reply });
}

const dir = mkdtempSync(join(tmpdir(), 'quorum-planner-replan-'));
const data = join(dir, 'finqa.json');
before(() => writeFileSync(data, JSON.stringify(FINQA)));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the planner with one re-plan allowed on `server`; returns the report and the unit's events. */
async function runPlanner(server: FakeOpenAiServer, name: string) {
  const db = join(dir, `${name}.db`);
  const result = await runInProcess(['run', '--protocol', 'planner', '--rounds', '2', '--dataset', 'finqa', '--data', data, '--backend', `openai:fake@${server.url}`, '--db', db, '--json']);
  assert.equal(result.code, 0, result.stderr);
  const report = JSON.parse(result.stdout) as { runId: string; failed: number; tableQa: { exactMatch: number; flags: number; roundsMean: number } };
  assert.equal(report.failed, 0);
  const store = await openStore(db);
  try {
    const [unit] = await store.listUnits(report.runId);
    return { report, run: await store.getRun(report.runId), events: await store.getEvents(unit!.id) };
  } finally {
    await store.close();
  }
}

describe('quorum run --protocol planner re-plans after a FLAG or a round without an answer', () => {
  it("the first plan's answer is FLAGged; the re-plan, shown the FLAG, leads to a verified answer", { timeout: 120_000 }, async () => {
    const server = await plannerServer([{ agent: 'ContextAgent', focus: 'revenue in 2019' }]);
    const { report, run, events } = await runPlanner(server, 'flag').finally(() => server.close());
    assert.equal(run?.config.protocol.params['replans'], 1, '--rounds 2 allows one re-plan');

    const plans = eventsOfType(events, 'turn').filter((turn) => turn.agent === 'PlannerAgent');
    assert.deepEqual(plans.map((plan) => [plan.round, plan.parsed.rationale]), [
      [0, '1. ContextAgent: revenue in 2019'],
      [1, '1. TableAgent: revenue in 2019'],
    ]);
    assert.ok(!plans[0]!.messages.some((message) => message.content.includes(REJECTED)));
    const flag = eventsOfType(events, 'log-entry').find((entry) => entry.entryType === 'FLAG');
    assert.ok(flag !== undefined && flag.round === 0, 'round 0 ends in a FLAG');
    assert.match(flag.content, /llm-support: the quote gives the growth rate/);
    assert.ok(plans[1]!.messages.at(-1)!.content.includes(`${REJECTED}: ${flag.content}`), 'the re-plan is shown the FLAG');

    const round = (n: number) => eventsOfType(events, 'turn').filter((turn) => turn.round === n).map((turn) => turn.agent);
    assert.deepEqual(round(0), ['PlannerAgent', 'ContextAgent', 'SummarizingAgent', 'VerificationAgent']);
    assert.deepEqual(round(1), ['PlannerAgent', 'TableAgent', 'SummarizingAgent', 'VerificationAgent']);
    const answers = eventsOfType(events, 'log-entry').filter((entry) => entry.entryType === 'ANSWER');
    assert.deepEqual(answers.map((answer) => [answer.round, answer.meta['answer']]), [
      [0, 12],
      [1, 5735],
    ]);
    assert.deepEqual(eventsOfType(events, 'verify').map((verify) => [verify.round, verify.verdict]), [
      [0, 'FLAG'],
      [1, 'OK'],
    ]);
    const final = eventsOfType(events, 'final')[0]!;
    assert.equal(final.answer.value, '5735');
    assert.equal(final.aggregate, 'verified-answer');
    assert.equal(final.roundsRun, 2);
    assert.equal(final.correct, true);
    assert.deepEqual([report.tableQa.exactMatch, report.tableQa.flags, report.tableQa.roundsMean], [1, 1, 2]);
  });

  it('a plan that gathers nothing leads to no answer; the re-plan, told so, leads to a verified answer', { timeout: 120_000 }, async () => {
    // the first plan asks the VisualAgent for a chart the question does not have: nothing is looked up, the summariser has no value
    const server = await plannerServer([{ agent: 'VisualAgent', focus: 'the revenue chart' }]);
    const { report, events } = await runPlanner(server, 'no-answer').finally(() => server.close());
    const plans = eventsOfType(events, 'turn').filter((turn) => turn.agent === 'PlannerAgent');
    assert.deepEqual(plans.map((plan) => [plan.round, plan.parsed.rationale]), [
      [0, '1. VisualAgent: the revenue chart'],
      [1, '1. TableAgent: revenue in 2019'],
    ]);
    const summary = eventsOfType(events, 'log-entry').find((entry) => entry.entryType === 'SUMMARY');
    assert.ok(summary !== undefined && summary.round === 0, 'round 0 ends in a SUMMARY, not an ANSWER');
    assert.ok(plans[1]!.messages.at(-1)!.content.includes(`${NO_ANSWER}: the summariser wrote "${summary.content}"`), 'the re-plan is told why');
    const round = (n: number) => eventsOfType(events, 'turn').filter((turn) => turn.round === n).map((turn) => turn.agent);
    assert.deepEqual(round(0), ['PlannerAgent', 'SummarizingAgent'], 'no verdict without an answer');
    assert.deepEqual(round(1), ['PlannerAgent', 'TableAgent', 'SummarizingAgent', 'VerificationAgent']);
    const final = eventsOfType(events, 'final')[0]!;
    assert.deepEqual([final.answer.value, final.aggregate, final.roundsRun], ['5735', 'verified-answer', 2]);
    assert.deepEqual([report.tableQa.exactMatch, report.tableQa.flags], [1, 0]);
  });
});
