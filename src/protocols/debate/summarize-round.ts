import type { ChatMessage } from '../../spec/chat.js';
import type { Agent, ProtocolContext } from '../../spec/protocol.js';
import type { TurnEvent } from '../../spec/trace.js';
import { noAnswerTurn } from '../shared-log/agent-call.js';
import { renderQuestion } from '../render-question.js';
import type { TurnRecord } from './visibility.js';

/**
 * The summarizer's system message. Its second sentence quotes DebateLLM's
 * `summarizer_system_message` (experiments/conf/system/debate_prompts/chateval_ma_debate.yaml),
 * which adapts ChatEval's summarizer prompt.
 */
const SUMMARIZER_SYSTEM =
  'You are a summarizer. There will be debaters involved in a question answering debate. Your goal is to summarize the main points in the debate so far, which will then be provided to the debaters in the next round.';

/** DebateLLM's summarizer instruction (agent_prompts/summarizer.yaml), ending the user message. */
const SUMMARIZER_INSTRUCTION = 'Now use your previous summary, as well as the new agent responses, and generate an updated summary that will be provided to the agents.';

/** What one summary is written from. */
export interface SummaryInput {
  summarizer: Agent;
  round: number;
  /** Speaking position of the summary: after the round's speakers. */
  position: number;
  /** The summary of round − 1, if any: DebateLLM's summarizer reads it with the new responses. */
  previous: TurnRecord | undefined;
  /** The round's turns, in speaking order. */
  turns: readonly TurnRecord[];
}

/**
 * ChatEval's summarizer (simultaneous-talk-with-summarizer, as DebateLLM's
 * `ChatEvalDebate` runs it): after a round, one call condenses the previous
 * summary and the round's responses into a summary that replaces the
 * history the next round sees. The call is a recorded `turn` of the
 * summarizer that proposes no answer (its `saw` names what it condensed).
 */
export async function summarizeRound(context: ProtocolContext, input: SummaryInput): Promise<{ record: TurnRecord; event: TurnEvent }> {
  const { summarizer, round } = input;
  const seen = [...(input.previous === undefined ? [] : [input.previous]), ...input.turns];
  const messages: ChatMessage[] = [
    { role: 'system', content: SUMMARIZER_SYSTEM },
    {
      role: 'user',
      content: [
        renderQuestion(context.question),
        ...(input.previous === undefined ? [] : [`Your previous summary:\n${input.previous.shown}`]),
        ['The new agent responses:', ...input.turns.map((turn) => `[${turn.agent}]\n${turn.shown}`)].join('\n\n'),
        SUMMARIZER_INSTRUCTION,
      ].join('\n\n'),
    },
  ];
  const { response, event } = await context.call(summarizer, { messages, sampleIndex: 0 }, {
    round,
    position: input.position,
    saw: seen,
    role: 'summarizer',
    purpose: 'summary',
    parse: (reply) => noAnswerTurn(reply.text.trim(), 'text'),
    emit: false,
  });
  return { record: { agent: summarizer.name, round, draft: 0, shown: response.text.trim(), reply: response.text, kind: 'summary' }, event };
}
