import { parseDuAnswer } from '../../parsing/du-answer.js';
import type { ChatMessage } from '../../spec/chat.js';
import { DatasetFormatError } from '../../spec/errors.js';
import type { Question } from '../../spec/question.js';
import { goldOf } from '../imported-gold.js';
import type { ImportedTraceEntry } from '../imported-trace.js';
import { duMostFrequent } from './du-most-frequent.js';

/** A chat message as Du et al.'s scripts store it. */
interface DuMessage {
  role: string;
  content: string;
}

const HINT = 'a Du et al. results file is one JSON object {question: [agent_contexts, gold]}, agent_contexts a list of each agent\'s chat messages ({"role", "content"})';

// the options of their MMLU opening ("…: A) x, B) y, C) z, D) w Explain your answer…"); forks add sentences before "Explain", such as "Answer in English only."
const OPTIONS = /: A\) ([\s\S]*?), B\) ([\s\S]*?), C\) ([\s\S]*?), D\) ([\s\S]*?)(?= Answer in \w+ only\.| Explain your answer|$)/;

/**
 * True when a parsed JSON value has Du et al.'s results layout: a non-empty
 * object whose every value is a pair `[agent_contexts, gold]` with
 * agent_contexts a list of message lists. Used to detect the format.
 */
export function isDuResults(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((entry) => Array.isArray(entry) && entry.length === 2 && Array.isArray(entry[0]) && entry[0].every((context: unknown) => Array.isArray(context)));
}

/**
 * Reads a results file of Du et al.'s generation scripts
 * (`composable-models/llm_multiagent_debate`, and the forks that keep its
 * layout) as imported traces: one trace per question, agents named
 * Agent A, B, … in file order (the layout has no names), each agent's
 * rounds its assistant messages, a leading system message its persona.
 * Answers follow their eval scripts (`parseDuAnswer`): MMLU when the gold
 * is one letter, GSM when it is a worked answer ending in a number; the
 * aggregated answer is their `most_frequent` of the final round; MMLU
 * traces are graded by the `mmlu` scorer, GSM ones by `gsm8k`.
 */
export function readDuResults(file: string, text: string): ImportedTraceEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DatasetFormatError(file, undefined, undefined, `invalid JSON (${(error as Error).message})`, HINT);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new DatasetFormatError(file, undefined, undefined, 'expected one JSON object keyed by question', HINT);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw new DatasetFormatError(file, undefined, undefined, 'the results object holds no questions', HINT);
  return entries.map(([key, entry], index) => ({ line: undefined, trace: duTrace(file, index, key, entry) }));
}

function duTrace(file: string, index: number, key: string, entry: unknown): ImportedTraceEntry['trace'] {
  const where = (field: string) => `question ${index + 1} ("${key.slice(0, 40)}${key.length > 40 ? '…' : ''}")${field}`;
  const fail = (field: string, expected: string): never => {
    throw new DatasetFormatError(file, undefined, where(field), expected, HINT);
  };
  if (!Array.isArray(entry) || entry.length !== 2) fail('', 'expected a pair [agent_contexts, gold]');
  const [contexts, rawGold] = entry as [unknown, unknown];
  if (!Array.isArray(contexts) || contexts.length === 0) fail('[0]', 'expected a non-empty list of agent contexts');
  const agents = (contexts as unknown[]).map((context, agent) => {
    if (!Array.isArray(context)) fail(`[0][${agent}]`, "expected the agent's list of chat messages");
    return (context as unknown[]).map((message, at): DuMessage => {
      const field = `[0][${agent}][${at}]`;
      if (typeof message !== 'object' || message === null) fail(field, 'expected a chat message {"role", "content"}');
      const { role, content } = message as Record<string, unknown>;
      if (typeof role !== 'string') fail(`${field}.role`, 'expected a string role');
      if (typeof content !== 'string') fail(`${field}.content`, 'expected a string content');
      return { role: role as string, content: content as string };
    });
  });
  agents.forEach((messages, agent) => {
    if (!messages.some((message) => message.role === 'assistant')) fail(`[0][${agent}]`, 'the agent has no assistant message (no round)');
  });
  const opening = agents[0]!.find((message) => message.role === 'user')?.content ?? key;
  const question = duQuestion(key, opening, rawGold);
  const named = agents.map((messages, agent) => {
    const system = messages.find((message) => message.role === 'system');
    const peers = agents.map((_, other) => `Agent ${String.fromCharCode(65 + other)}`).filter((_, other) => other !== agent);
    let round = 0;
    const rounds = messages.flatMap((message, at) => {
      if (message.role !== 'assistant') return [];
      const saw = round === 0 ? [] : peers.map((peer) => ({ agent: peer, round: round - 1 }));
      round++;
      const parsed = parseDuAnswer(message.content, question);
      // their debate message carries every other agent's previous-round reply (gen_mmlu.py, construct_message)
      return [{ answer: parsed.status === 'ok' ? parsed.value : null, rationale: message.content, saw, messages: messages.slice(0, at).map(chatMessage) }];
    });
    return { name: `Agent ${String.fromCharCode(65 + agent)}`, ...(system === undefined ? {} : { persona: system.content }), rounds };
  });
  return {
    questionId: `du-${String(index + 1).padStart(3, '0')}`,
    question: opening,
    ...(question.options === undefined ? {} : { options: question.options }),
    gold: question.gold.kind === 'none' ? null : question.gold.value,
    // their two parsed tasks, graded by quorum's scorers of those datasets
    ...(question.gold.kind === 'choice' ? { dataset: 'mmlu' } : question.gold.kind === 'number' ? { dataset: 'gsm8k' } : {}),
    protocol: 'du',
    seed: 0,
    aggregated: duMostFrequent(named.map((agent) => agent.rounds.at(-1)!.answer)),
    agents: named,
  };
}

function chatMessage({ role, content }: DuMessage): ChatMessage {
  return { role: role === 'system' || role === 'assistant' ? role : 'user', content };
}

/** The question as quorum's parsers and scorers need it: the gold's kind decides MMLU (a letter), GSM (a number) or text. */
function duQuestion(key: string, opening: string, rawGold: unknown): Question {
  if (typeof rawGold === 'string' && /^[A-Za-z]$/.test(rawGold.trim())) {
    const options = OPTIONS.exec(opening);
    return {
      id: key,
      prompt: opening,
      gold: { kind: 'choice', value: rawGold.trim().toUpperCase() },
      ...(options === null ? {} : { options: { A: options[1]!, B: options[2]!, C: options[3]!, D: options[4]! } }),
    };
  }
  if (typeof rawGold === 'number') return { id: key, prompt: opening, gold: { kind: 'number', value: rawGold } };
  // GSM8K's worked answer ends "#### 18"; eval_gsm.py reads its last number
  const number = typeof rawGold === 'string' ? /(\d[\d,]*\.?\d*)(?![\s\S]*\d)/.exec(rawGold)?.[1]?.replace(/,/g, '') : undefined;
  if (number !== undefined && Number.isFinite(Number(number))) return { id: key, prompt: opening, gold: { kind: 'number', value: Number(number) } };
  return { id: key, prompt: opening, gold: typeof rawGold === 'string' ? goldOf(rawGold) : { kind: 'none' } };
}
