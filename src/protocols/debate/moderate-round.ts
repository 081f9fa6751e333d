import type { ParsedAnswer } from '../../spec/answer.js';
import type { ChatMessage } from '../../spec/chat.js';
import { answerSpecOf, type QuestionLike } from '../../spec/question.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { TurnEvent, TurnRef } from '../../spec/trace.js';
import { parseJsonObject } from '../../parsing/json-answer-field.js';
import { baselineAnswer } from '../baselines/baseline-answer.js';
import { noAnswerTurn } from '../shared-log/agent-call.js';
import { renderQuestion } from '../render-question.js';
import type { TurnRecord } from './visibility.js';

/** `universal`: decide or let the debate go on; `final`: the debate is over, decide. MAD's two moderator prompts. */
export type ModeratorMode = 'universal' | 'final';

/** One earlier moderator reply, kept for the moderator's own conversation. */
export interface ModeratorReply {
  round: number;
  text: string;
}

/** What one moderator call is written from. */
export interface ModeratorInput {
  moderator: Agent;
  mode: ModeratorMode;
  round: number;
  position: number;
  /** Every agent turn so far, in speaking order. */
  turns: readonly TurnRecord[];
  /** The moderator's replies after earlier rounds (the debate went on after each). */
  earlier: readonly ModeratorReply[];
}

/** The moderator's verdict: an answer ends the debate. */
export interface ModeratorOutcome {
  /** The answer the moderator gave, or null: the debate goes on (universal mode) or has no answer (final mode). */
  answer: ParsedAnswer | null;
  reply: string;
  event: TurnEvent;
}

/**
 * One call of MAD's moderator (Liang et al. 2023, as DebateLLM's
 * `MultiAgentDebateTsinghua` runs it). Its conversation is DebateLLM's
 * `tsinghua_judge` layout: per round one user message with every side's
 * argument ("<side> arguing: …"), its own reply to that round as an
 * assistant message, and the mode's instruction appended to the last user
 * message. As in MAD and DebateLLM, any non-empty `debate_answer` ends the
 * debate, whatever "Whether there is a preference" says. The call is a
 * recorded `turn` that proposes no answer of its own (so the moderator never
 * joins the agreement set); the answer it decides is the `final` event's.
 */
export async function moderateRound(context: ProtocolContext, input: ModeratorInput): Promise<ModeratorOutcome> {
  const { moderator, round, mode } = input;
  const messages = moderatorMessages(context.question, input);
  const saw: TurnRef[] = [
    ...input.turns.map((turn) => ({ agent: turn.agent, round: turn.round, draft: turn.draft ?? 0 })),
    ...input.earlier.map((reply) => ({ agent: moderator.name, round: reply.round, draft: 0 })),
  ].sort((a, b) => a.round - b.round);
  let answer: ParsedAnswer | null = null;
  const { response, event } = await context.call(moderator, { messages, sampleIndex: 0 }, {
    round,
    // the final-mode call follows the last round's undecided universal-mode call, which it replaces
    draft: mode === 'final' ? 1 : 0,
    position: input.position,
    saw,
    role: 'moderator',
    purpose: `moderate-${mode}`,
    parse: (reply) => {
      const json = (reply.json ?? parseJsonObject(reply.text)) as Record<string, unknown> | undefined;
      const stated = typeof json?.['debate_answer'] === 'string' ? json['debate_answer'].trim() : '';
      answer = stated === '' ? null : baselineAnswer(`Answer: ${stated}`, context.question);
      const warnings = json === undefined ? ['the moderator reply is not a JSON object: no decision'] : stated === '' ? ['no debate_answer: the debate goes on'] : [];
      return noAnswerTurn(reply.text.trim(), json === undefined ? 'failed' : 'json', warnings);
    },
    emit: false,
  });
  const decided = answer as ParsedAnswer | null;
  return { answer: decided !== null && decided.status === 'ok' ? decided : null, reply: response.text, event };
}

function answerShape(question: QuestionLike): string {
  switch (answerSpecOf(question).kind) {
    case 'choice':
      return 'the capital letter corresponding to the answer';
    case 'number':
      return 'the number';
    default:
      return 'the short answer';
  }
}

/**
 * The moderator's system message and two instructions, after MAD's
 * moderator prompts as DebateLLM words them (debate_prompts/tsinghua_ma_debate.yaml,
 * agent_prompts/judge_tsinghua.yaml); the JSON keys are theirs, because the
 * stop rule reads `debate_answer`.
 */
function moderatorMessages(question: QuestionLike, input: ModeratorInput): ChatMessage[] {
  const sides = [...new Set(input.turns.map((turn) => turn.agent))];
  const system = `You are a moderator. There will be ${sides.length} debaters involved in a debate. They will present their answers and discuss their perspectives on the following question:\n${renderQuestion(question)}\n\nAt the end of each round, you will evaluate answers and decide which is correct.`;
  const instruction =
    input.mode === 'universal'
      ? `You, as the moderator, will evaluate both sides' answers and determine if there is a clear preference for an answer candidate. If so, please summarize your reasons for supporting one side and give the final answer that you think is correct, and the debate will conclude. If not, the debate will continue to the next round. Now please output your answer in JSON format: {"Whether there is a preference": "Yes or No", "Supported Side": "${sides.join(' or ')}", "Reason": "", "debate_answer": "${answerShape(question)}"}. Please strictly output in JSON format, do not output irrelevant content.`
      : `You, as the moderator, will evaluate both sides' answers and determine your preference for an answer candidate. Please summarize your reasons for supporting one side and give the final answer that you think is correct to conclude the debate. Now please output your answer in JSON format: {"Reason": "", "debate_answer": "${answerShape(question)}"}. Please strictly output in JSON format, do not output irrelevant content.`;
  const messages: ChatMessage[] = [{ role: 'system', content: system }];
  const rounds = [...new Set(input.turns.map((turn) => turn.round))].sort((a, b) => a - b);
  for (const round of rounds) {
    const arguments_ = input.turns.filter((turn) => turn.round === round).map((turn) => `${turn.agent} arguing: ${turn.shown}`);
    messages.push({ role: 'user', content: arguments_.join('\n\n') });
    const reply = input.earlier.find((earlier) => earlier.round === round);
    if (reply !== undefined) messages.push({ role: 'assistant', content: reply.text });
  }
  const last = messages.at(-1)!;
  messages[messages.length - 1] = { ...last, content: `${last.content}\n\n${instruction}` };
  return messages;
}
