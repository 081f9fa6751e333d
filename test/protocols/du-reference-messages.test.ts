/**
 * The exact messages each agent of quorum's `du` receives, against Du et
 * al.'s reference code (composable-models/llm_multiagent_debate). The
 * expected messages were derived by reading their generation scripts — the
 * round loop of `mmlu/gen_mmlu.py` (lines 74–87) and `gsm/gen_gsm.py` (lines
 * 45–61): `agent_contexts` starts with one user message, each round appends
 * `construct_message(agent_contexts_other, question, 2 * round - 1)` (the
 * other agents' assistant message of the previous round, in agent order)
 * and then the agent's reply as an assistant message. Every expected string
 * is written out here (not computed with quorum's wording module) and names
 * the line it comes from.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import type { ChatMessage } from '../../src/spec/chat.js';
import type { DebateOverrides } from '../../src/spec/debate-params.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { agentOf, agentsOn } from '../helpers/scripted-debaters.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

type Turn = Extract<ProtocolEventInput, { type: 'turn' }>;

/** Runs `du` with replies[agent][round]; returns the turn events. */
async function runDu(question: Question, replies: Record<string, string[]>, overrides: DebateOverrides = {}, agentCount = 3) {
  const spoken = new Map<string, number>();
  const backend = new ScriptedBackend({
    fallback: (request) => {
      const agent = agentOf(request);
      const round = spoken.get(agent) ?? 0;
      spoken.set(agent, round + 1);
      return replies[agent]![round]!;
    },
  });
  const events: ProtocolEventInput[] = [];
  await createDebateProtocol('du', overrides).run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: agentsOn(backend, agentCount), seed: 3, emit: (event) => events.push(event) }));
  const turns = events.filter((event): event is Turn => event.type === 'turn');
  const sent = (agent: string, round: number): ChatMessage[] => turns.find((turn) => turn.agent === agent && turn.round === round)!.messages;
  return { events, turns, sent, backend };
}

const user = (content: string): ChatMessage => ({ role: 'user', content });
const assistant = (content: string): ChatMessage => ({ role: 'assistant', content });

describe('du sends the messages of Du et al.’s reference code', () => {
  const mmlu: Question = {
    id: 'geo-1',
    prompt: 'What is the capital of Australia?',
    options: { A: 'Sydney', B: 'Canberra', C: 'Melbourne', D: 'Perth' },
    gold: { kind: 'choice', value: 'B' },
  };
  // replies keep their raw whitespace: the reference quotes `agent[idx]["content"]` untouched
  const mmluReplies = {
    'Agent A': ['Sydney is the largest city. (A)', 'Canberra was chosen as a compromise. (B)\n', 'Still Canberra. (B)'],
    'Agent B': ['Canberra is the seat of government. (B)', 'I keep (B).', 'Canberra. (B)'],
    'Agent C': ['Melbourne was the capital once. (C)', 'The others convinced me: (B)', '(B)'],
  };
  // mmlu/gen_mmlu.py:50 — the question message (parse_question_answer)
  const mmluOpening =
    'Can you answer the following question as accurately as possible? What is the capital of Australia?: A) Sydney, B) Canberra, C) Melbourne, D) Perth Explain your answer, putting the answer in the form (X) at the end of your response.';
  // mmlu/gen_mmlu.py:12 (prefix), :16 (one per other agent, in agent order), :20 (suffix; MMLU does not repeat the question)
  const mmluDebate = (first: string, second: string): string =>
    'These are the solutions to the problem from other agents: ' +
    `\n\n One agent solution: \`\`\`${first}\`\`\`` +
    `\n\n One agent solution: \`\`\`${second}\`\`\`` +
    '\n\n Using the reasoning from other agents as additional advice, can you give an updated answer? Examine your solution and that other agents step by step. Put your answer in the form (X) at the end of your response.';

  it('MMLU-style, 3 agents, round 0 and two debate rounds (their rounds = 3): one growing conversation per agent', async () => {
    const { sent, turns } = await runDu(mmlu, mmluReplies, { rounds: 2 });
    assert.equal(turns.length, 9);
    for (const agent of ['Agent A', 'Agent B', 'Agent C']) assert.deepEqual(sent(agent, 0), [user(mmluOpening)], `${agent} round 0: the question alone, no system message`);
    const [a, b, c] = [mmluReplies['Agent A'], mmluReplies['Agent B'], mmluReplies['Agent C']];
    // round 1 (2 * round - 1 = index 1: the others' round-0 replies)
    assert.deepEqual(sent('Agent A', 1), [user(mmluOpening), assistant(a[0]!), user(mmluDebate(b[0]!, c[0]!))]);
    assert.deepEqual(sent('Agent B', 1), [user(mmluOpening), assistant(b[0]!), user(mmluDebate(a[0]!, c[0]!))]);
    assert.deepEqual(sent('Agent C', 1), [user(mmluOpening), assistant(c[0]!), user(mmluDebate(a[0]!, b[0]!))]);
    // round 2 (index 3: the others' round-1 replies; the agent's own history stays in its conversation)
    assert.deepEqual(sent('Agent A', 2), [user(mmluOpening), assistant(a[0]!), user(mmluDebate(b[0]!, c[0]!)), assistant(a[1]!), user(mmluDebate(b[1]!, c[1]!))]);
    assert.deepEqual(sent('Agent B', 2), [user(mmluOpening), assistant(b[0]!), user(mmluDebate(a[0]!, c[0]!)), assistant(b[1]!), user(mmluDebate(a[1]!, c[1]!))]);
    assert.deepEqual(sent('Agent C', 2), [user(mmluOpening), assistant(c[0]!), user(mmluDebate(a[0]!, b[0]!)), assistant(c[1]!), user(mmluDebate(a[1]!, b[1]!))]);
  });

  it('the default is their default: rounds = 2 in their code is round 0 plus one debate round', async () => {
    const { turns, events } = await runDu(mmlu, mmluReplies);
    assert.deepEqual(turns.map((turn) => `${turn.agent.slice(-1)}${turn.round}`), ['A0', 'B0', 'C0', 'A1', 'B1', 'C1']);
    const final = events.find((event) => event.type === 'final');
    assert.equal(final?.type === 'final' && final.roundsRun, 2);
  });

  it('no message names an agent', async () => {
    const { turns } = await runDu(mmlu, mmluReplies, { rounds: 2 });
    for (const turn of turns) for (const message of turn.messages) assert.doesNotMatch(message.content, /Agent [A-C]/, `${turn.agent} round ${turn.round}`);
  });

  const gsm: Question = {
    id: 'gsm-1',
    prompt: 'Tom has 3 boxes of 12 pencils and gives away 7. How many pencils does he have left?',
    gold: { kind: 'number', value: 29 },
  };
  const gsmReplies = {
    'Agent A': ['3 * 12 = 36, 36 - 7 = 29. \\boxed{29}', '\\boxed{29}'],
    'Agent B': ['3 * 12 = 36 and 36 - 7 = 29, so \\boxed{29}', 'Agreed: \\boxed{29}'],
    'Agent C': ['36 - 7 = 28. \\boxed{28}', 'I miscounted; \\boxed{29}'],
  };
  // gsm/gen_gsm.py:45 — the question message; the trailing space is theirs
  const gsmOpening =
    'Can you solve the following math problem? Tom has 3 boxes of 12 pencils and gives away 7. How many pencils does he have left? Explain your reasoning. Your final answer should be a single numerical number, in the form \\boxed{answer}, at the end of your response. ';
  // gsm/gen_gsm.py:10, :14, :18 — GSM repeats the raw question ("{}." after it, hence "?.")
  const gsmDebate = (first: string, second: string): string =>
    'These are the solutions to the problem from other agents: ' +
    `\n\n One agent solution: \`\`\`${first}\`\`\`` +
    `\n\n One agent solution: \`\`\`${second}\`\`\`` +
    '\n\n Using the solutions from other agents as additional information, can you provide your answer to the math problem? \n The original math problem is Tom has 3 boxes of 12 pencils and gives away 7. How many pencils does he have left?. Your final answer should be a single numerical number, in the form \\boxed{answer}, at the end of your response.';

  it('GSM-style, 3 agents, their default rounds: the question repeated in the debate message', async () => {
    const { sent, events } = await runDu(gsm, gsmReplies);
    const [a, b, c] = [gsmReplies['Agent A'], gsmReplies['Agent B'], gsmReplies['Agent C']];
    for (const agent of ['Agent A', 'Agent B', 'Agent C']) assert.deepEqual(sent(agent, 0), [user(gsmOpening)]);
    assert.deepEqual(sent('Agent A', 1), [user(gsmOpening), assistant(a[0]!), user(gsmDebate(b[0]!, c[0]!))]);
    assert.deepEqual(sent('Agent B', 1), [user(gsmOpening), assistant(b[0]!), user(gsmDebate(a[0]!, c[0]!))]);
    assert.deepEqual(sent('Agent C', 1), [user(gsmOpening), assistant(c[0]!), user(gsmDebate(a[0]!, b[0]!))]);
    const votes = events.filter((event) => event.type === 'vote');
    assert.deepEqual(votes.map((vote) => vote.type === 'vote' && vote.answers), [
      { 'Agent A': '29', 'Agent B': '29', 'Agent C': '28' },
      { 'Agent A': '29', 'Agent B': '29', 'Agent C': '29' },
    ]);
  });

  it('one agent alone gets the reference’s "double check" message', async () => {
    const mmluAlone = await runDu(mmlu, { 'Agent A': ['(A)', '(B)'] }, {}, 1);
    // mmlu/gen_mmlu.py:10 (construct_message with no other agents)
    assert.deepEqual(mmluAlone.sent('Agent A', 1), [user(mmluOpening), assistant('(A)'), user('Can you double check that your answer is correct. Put your final answer in the form (X) at the end of your response.')]);
    const gsmAlone = await runDu(gsm, { 'Agent A': ['\\boxed{28}', '\\boxed{29}'] }, {}, 1);
    // gsm/gen_gsm.py:8 — never passed through .format(), so its braces stay doubled
    assert.deepEqual(gsmAlone.sent('Agent A', 1), [
      user(gsmOpening),
      assistant('\\boxed{28}'),
      user('Can you double check that your answer is correct. Please reiterate your answer, with your final answer a single numerical number, in the form \\boxed{{answer}}.'),
    ]);
  });

  it('free-text questions get the arithmetic task’s wording (math/gen_math.py)', async () => {
    const text: Question = { id: 't-1', prompt: 'Which metal is liquid at room temperature?', gold: { kind: 'text', value: 'mercury' } };
    const { sent } = await runDu(text, { 'Agent A': ['Mercury', 'Mercury'], 'Agent B': ['Mercury', 'Mercury'], 'Agent C': ['Gallium', 'Mercury'] });
    // math/gen_math.py:102 with the question in place of "What is the result of …?"
    const opening = 'Which metal is liquid at room temperature? Make sure to state your answer at the end of the response.';
    // math/gen_math.py:46, :50, :54
    assert.deepEqual(sent('Agent C', 1), [
      user(opening),
      assistant('Gallium'),
      user(
        'These are the recent/updated opinions from other agents: \n\n One agent response: ```Mercury```\n\n One agent response: ```Mercury```\n\n Use these opinions carefully as additional advice, can you provide an updated answer? Make sure to state your answer at the end of the response.',
      ),
    ]);
  });

  it('final answer: most frequent of the last round, a tie going to the answer given first in agent order, recorded in the vote', async () => {
    // mmlu/eval_mmlu.py:101 most_frequent: the first value in list order whose count is highest
    const tie = { 'Agent A': ['(C)', '(C)'], 'Agent B': ['(A)', '(A)'], 'Agent C': ['(B)', '(B)'] };
    const { events } = await runDu(mmlu, tie);
    const last = events.filter((event) => event.type === 'vote').at(-1)!;
    assert.deepEqual(last.type === 'vote' && last.tieBreak, { tied: ['A', 'B', 'C'], rule: 'first', drawn: 'C' });
    const final = events.find((event) => event.type === 'final');
    assert.equal(final?.type === 'final' && final.answer.value, 'C');
  });
});
