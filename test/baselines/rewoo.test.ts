import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { readRewooPlan, substituteEvidence } from '../../src/protocols/baselines/rewoo-plan.js';
import { RewooProtocol } from '../../src/protocols/baselines/rewoo-protocol.js';
import { getProtocolFactory } from '../../src/protocols/registry.js';
import { rebuildProtocol } from '../../src/queue/rebuild-protocol.js';
import type { ChatRequest } from '../../src/spec/chat.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { RunConfig } from '../../src/spec/run-config.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

// A FinQA-style question written for this test: revenue 5735 (2019) and 5098 (2018); the change is 637
const question: Question = {
  id: 'acme-1',
  prompt: 'what was the change in revenue from 2018 to 2019?',
  context: {
    passages: [{ id: 'p0', text: 'revenue was $ 5735 million in 2019 and $ 5098 million in 2018 .' }, { id: 'p1', text: 'costs were stable .' }],
    tables: [{ id: 'table', header: ['', '2019', '2018'], rows: [['revenue', '$ 5735', '$ 5098'], ['costs', '$ 1200', '$ 1180']] }],
  },
  gold: { kind: 'number', value: 637 },
};

const PLAN = [
  'Plan: Find the 2019 revenue in the table.',
  '#E1 = TableLookup[revenue, 2019]',
  'Plan: Find the 2018 revenue in the table.',
  '#E2 = TableLookup[revenue, 2018]',
  'Plan: Ask the LLM for the two numbers.',
  '#E3 = LLM[Give the numbers in #E1 and #E2]',
  'Plan: Subtract.',
  '#E4 = Calculator[5735 - 5098]',
].join('\n');

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

async function run(plan: string, solverReply = '637') {
  const backend = new ScriptedBackend({
    fallback: (request: ChatRequest) => {
      const content = request.messages[0]!.content;
      if (content.startsWith('For the following tasks, make plans')) return plan;
      if (content.startsWith('Solve the following task')) return solverReply;
      return '5735 and 5098';
    },
  });
  const agents = ['Planner', 'Worker', 'Solver'].map((name) => ({ name, backend, decoding: { temperature: 0 } }));
  const events: ProtocolEventInput[] = [];
  await new RewooProtocol().run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents, seed: 1, emit: (event) => events.push(event) }));
  const final = events.find((event) => event.type === 'final');
  return { backend, turns: events.filter((event): event is Turn => event.type === 'turn'), final: final?.type === 'final' ? final : undefined };
}

describe('rewoo (Xu et al. 2023, ReWOO)', () => {
  it('reads plans as ReWOO\'s PWS parser does and substitutes earlier evidence in brackets', () => {
    const steps = readRewooPlan(PLAN);
    assert.deepEqual(steps.map((step) => [step.variable, step.tool, step.input]), [
      ['#E1', 'TableLookup', 'revenue, 2019'],
      ['#E2', 'TableLookup', 'revenue, 2018'],
      ['#E3', 'LLM', 'Give the numbers in #E1 and #E2'],
      ['#E4', 'Calculator', '5735 - 5098'],
    ]);
    assert.equal(steps[2]!.plan, 'Plan: Ask the LLM for the two numbers.');
    // PWS._get_worker_evidences: tool_input.replace(var, "[" + evidence + "]")
    assert.equal(substituteEvidence('sum #E1 and #E9', new Map([['#E1', '5']])), 'sum [5] and #E9');
  });

  it('who saw what: the planner nothing, the LLM worker the plan, the solver the plan and the LLM evidence', async () => {
    const { turns } = await run(PLAN);
    assert.deepEqual(
      turns.map((turn) => `${turn.agent}@${turn.round}: ${turn.saw.map((ref) => `${ref.agent}@${ref.round}`).join(' ')}`),
      ['Planner@0: ', 'Worker@3: Planner@0', 'Solver@5: Planner@0 Worker@3'],
    );
    assert.equal(turns[0]!.parsed.answer.status, 'unparsed', 'a plan proposes no answer');
  });

  it('message layout: planner prompt, tool evidence and the solver prompt as ReWOO builds them', async () => {
    const { backend } = await run(PLAN);
    const [planner, worker, solver] = backend.calls.map((call) => call.messages[0]!.content);
    // prompts/planner.py prefix, the "Tools can be one of the following:" list (Planner._generate_worker_prompt), the suffix, the question
    assert.match(planner!, /^For the following tasks, make plans that can solve the problem step-by-step\./);
    assert.match(planner!, /Tools can be one of the following:\nTableSearch\[input\]: .*\nTableLookup\[input\]: .*\nPassageSearch\[input\]: .*\nCalculator\[input\]: .*\nLLM\[input\]: A pretrained LLM like yourself/);
    assert.match(planner!, /Begin! Describe your plans with rich details\. Each Plan should be followed by only one #E\.\n\n.*Question: what was the change in revenue from 2018 to 2019\?/s);
    assert.doesNotMatch(planner!, /5735/, 'the planner sees no evidence');
    // the LLM tool got its input with #E1 and #E2 replaced by the looked-up cells
    assert.equal(worker, 'Give the numbers in [revenue / 2019: $ 5735 (table "table", row 0)] and [revenue / 2018: $ 5098 (table "table", row 0)]');
    // Solver.run: prefix + input + "\n" + worker_log + suffix + input + "\n"; worker log "<plan>\nEvidence:\n<evidence>\n" per step
    assert.equal(
      solver,
      'Solve the following task or problem. To assist you, we provide some plans and corresponding evidences that might be helpful. Notice that some of these information contain noise so you should trust them with caution.\n\n' +
        'Question: what was the change in revenue from 2018 to 2019?\n' +
        'Plan: Find the 2019 revenue in the table.\nEvidence:\nrevenue / 2019: $ 5735 (table "table", row 0)\n' +
        'Plan: Find the 2018 revenue in the table.\nEvidence:\nrevenue / 2018: $ 5098 (table "table", row 0)\n' +
        'Plan: Ask the LLM for the two numbers.\nEvidence:\n5735 and 5098\n' +
        'Plan: Subtract.\nEvidence:\n637\n' +
        '\nNow begin to solve the task or problem. Respond with the answer directly with no extra words.\n\n' +
        'Question: what was the change in revenue from 2018 to 2019?\n',
    );
  });

  it('the answer is the solver\'s reply; a plan without steps still reaches the solver, with no evidence', async () => {
    const { final } = await run(PLAN);
    assert.equal(final?.answer.value, '637');
    assert.equal(final?.aggregate, 'single');
    const empty = await run('I will just answer.', '20');
    assert.equal(empty.backend.calls.length, 2);
    assert.deepEqual(empty.turns[0]!.parsed.warnings, ['no "#En = Tool[input]" line in the plan: the solver answers without evidence']);
    assert.equal(empty.final?.answer.value, '20');
  });

  it('unknown tools and failed lookups give "No evidence found", as in ReWOO', async () => {
    const { backend } = await run('Plan: a\n#E1 = Google[revenue]\nPlan: b\n#E2 = TableLookup[profit, 2019]\nPlan: c\n#E3 = Calculator[revenue - costs]');
    const solver = backend.calls.at(-1)!.messages[0]!.content;
    assert.match(solver, /Plan: a\nEvidence:\nNo evidence found\n/);
    assert.match(solver, /Plan: b\nEvidence:\nNo evidence found: no cell at row "profit", column "2019"\.\n/);
    assert.match(solver, /Plan: c\nEvidence:\nNo evidence found: /);
  });

  it('takes no protocol flags and rebuilds on a worker', () => {
    assert.throws(() => getProtocolFactory('rewoo').create({ overrides: { rounds: 2 } }), /--rounds does not apply to rewoo/);
    assert.deepEqual(getProtocolFactory('rewoo').roles, ['Planner', 'Worker', 'Solver']);
    const config = { protocol: { name: 'rewoo', preset: 'rewoo', params: {} } } as unknown as RunConfig;
    assert.equal(rebuildProtocol(config).name, 'rewoo');
  });
});
