import { isDeepStrictEqual } from 'node:util';
import { ScriptedBackend } from '../../src/backends/scripted-backend.js';
import { createDebateProtocol } from '../../src/protocols/debate/create-debate-protocol.js';
import type { ChatMessage } from '../../src/spec/chat.js';
import { poseQuestion, type Question } from '../../src/spec/question.js';
import type { ProtocolEventInput } from '../../src/spec/trace.js';
import { agentOf, agentsOn } from './scripted-debaters.js';
import { withModelCalls } from '../../src/protocols/model-call.js';

/**
 * A results file as Du et al.'s generation scripts write it
 * (`json.dump(response_dict)` in mmlu/gen_mmlu.py and gsm/gen_gsm.py):
 * `{question: [agent_contexts, gold]}`, each agent context the list of chat
 * messages that agent exchanged.
 */
export type DuResultsFile = Record<string, [Array<Array<{ role: string; content: string }>>, unknown]>;

/** How quorum's `du` compares with one recorded question. */
export interface DuResultsCheck {
  key: string;
  /** `mmlu` / `gsm`: the opening is the reference's wording; `other`: a fork's own wording. */
  wording: 'mmlu' | 'gsm' | 'other';
  agents: number;
  /** quorum `rounds` (the file's turns per agent minus round 0). */
  rounds: number;
  /** Every message quorum sent equals the recorded context, character for character. */
  exact: boolean;
  /** Same roles, the agent's own replies as its assistant messages, the peers' previous-round replies in agent order in each debate message. */
  structure: boolean;
  /** The first difference, when not exact. */
  difference?: string;
}

// mmlu/gen_mmlu.py:50 and gsm/gen_gsm.py:45, with the slots as capture groups
const MMLU_OPENING = /^Can you answer the following question as accurately as possible\? ([\s\S]*): A\) ([\s\S]*?), B\) ([\s\S]*?), C\) ([\s\S]*?), D\) ([\s\S]*?) Explain your answer, putting the answer in the form \(X\) at the end of your response\.$/;
const GSM_OPENING = /^Can you solve the following math problem\? ([\s\S]*) Explain your reasoning\. Your final answer should be a single numerical number, in the form \\boxed\{answer\}, at the end of your response\. $/;

/** The question a recorded opening message was built from (or, for another wording, a question that carries it as its prompt). */
export function questionOfOpening(key: string, opening: string, gold: unknown): { question: Question; wording: DuResultsCheck['wording'] } {
  const mmlu = MMLU_OPENING.exec(opening);
  if (mmlu !== null) {
    const [, prompt, a, b, c, d] = mmlu;
    return { wording: 'mmlu', question: { id: key, prompt: prompt!, options: { A: a!, B: b!, C: c!, D: d! }, gold: { kind: 'choice', value: String(gold) } } };
  }
  const gsm = GSM_OPENING.exec(opening);
  // GSM's gold is the dataset's worked answer; its last number ("#### 18") is the value, as eval_gsm.py reads it
  const goldNumber = Number(/(\d+\.?\d*)(?!.*\d)/s.exec(String(gold))?.[1] ?? Number.NaN);
  if (gsm !== null) return { wording: 'gsm', question: { id: key, prompt: gsm[1]!, gold: { kind: 'number', value: Number.isFinite(goldNumber) ? goldNumber : 0 } } };
  const choice = /\(X\)/.test(opening);
  return {
    wording: 'other',
    question: choice
      ? { id: key, prompt: opening, options: { A: 'A', B: 'B', C: 'C', D: 'D' }, gold: { kind: 'choice', value: String(gold) } }
      : { id: key, prompt: opening, gold: { kind: 'number', value: Number.isFinite(goldNumber) ? goldNumber : 0 } },
  };
}

/**
 * Replays one recorded question through quorum's `du`: the scripted
 * backend answers each agent's turn r with the reply that agent gave in
 * round r, and the messages quorum sends are compared with the recorded
 * contexts (their message 2r is the prompt of round r).
 */
export async function checkDuQuestion(key: string, contexts: Array<Array<{ role: string; content: string }>>, gold: unknown): Promise<DuResultsCheck> {
  const agents = contexts.length;
  const replies = contexts.map((context) => context.filter((message) => message.role === 'assistant').map((message) => message.content));
  const rounds = replies[0]!.length - 1;
  const { question, wording } = questionOfOpening(key, contexts[0]![0]!.content, gold);
  const spoken = new Map<string, number>();
  const backend = new ScriptedBackend({
    fallback: (request) => {
      const index = agentOf(request).charCodeAt(6) - 65;
      const round = spoken.get(agentOf(request)) ?? 0;
      spoken.set(agentOf(request), round + 1);
      return replies[index]![round]!;
    },
  });
  const events: ProtocolEventInput[] = [];
  await createDebateProtocol('du', { rounds }).run(withModelCalls({ question: poseQuestion(question), sameAnswer: (a, b) => a === b, agents: agentsOn(backend, agents), seed: 1, emit: (event) => events.push(event) }));
  const sent = (agent: number, round: number): ChatMessage[] =>
    events.find((event): event is Extract<ProtocolEventInput, { type: 'turn' }> => event.type === 'turn' && event.agent === `Agent ${String.fromCharCode(65 + agent)}` && event.round === round)!.messages;

  let exact = true;
  let structure = true;
  let difference: string | undefined;
  for (let agent = 0; agent < agents; agent++) {
    for (let round = 0; round <= rounds; round++) {
      const ours = sent(agent, round);
      const theirs = contexts[agent]!.slice(0, 2 * round + 1);
      if (!isDeepStrictEqual(ours, theirs.map(({ role, content }) => ({ role, content })))) {
        exact = false;
        difference ??= firstDifference(agent, round, ours, theirs);
      }
      if (!sameStructure(ours, theirs, replies, agent)) structure = false;
    }
  }
  return { key, wording, agents, rounds, exact, structure, ...(difference === undefined ? {} : { difference }) };
}

/** Checks every question of a results file. */
export async function checkDuResults(file: DuResultsFile): Promise<DuResultsCheck[]> {
  const checks: DuResultsCheck[] = [];
  for (const [key, [contexts, gold]] of Object.entries(file)) checks.push(await checkDuQuestion(key, contexts, gold));
  return checks;
}

function sameStructure(ours: readonly ChatMessage[], theirs: ReadonlyArray<{ role: string; content: string }>, replies: string[][], agent: number): boolean {
  if (ours.length !== theirs.length || ours.some((message, index) => message.role !== theirs[index]!.role)) return false;
  return ours.every((message, index) => {
    if (message.role === 'assistant') return message.content === theirs[index]!.content;
    if (index === 0) return true;
    // the user message before turn r carries the other agents' round r−1 replies, in agent order, in both
    const previous = index / 2 - 1;
    const peers = replies.filter((_, other) => other !== agent).map((own) => own[previous]!);
    return inOrder(message.content, peers) && inOrder(theirs[index]!.content, peers);
  });
}

function inOrder(text: string, parts: readonly string[]): boolean {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

function firstDifference(agent: number, round: number, ours: readonly ChatMessage[], theirs: ReadonlyArray<{ role: string; content: string }>): string {
  const index = ours.findIndex((message, at) => theirs[at] === undefined || message.role !== theirs[at]!.role || message.content !== theirs[at]!.content);
  const at = index < 0 ? Math.min(ours.length, theirs.length) : index;
  const a = ours[at]?.content ?? '(none)';
  const b = theirs[at]?.content ?? '(none)';
  let char = 0;
  while (char < a.length && a[char] === b[char]) char++;
  return `agent ${agent}, round ${round}, message ${at}: quorum ${JSON.stringify(a.slice(Math.max(0, char - 20), char + 40))} vs recorded ${JSON.stringify(b.slice(Math.max(0, char - 20), char + 40))}`;
}
