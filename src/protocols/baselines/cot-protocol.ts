import { z } from 'zod';
import type { ChatMessage } from '../../spec/chat.js';
import { ConfigError } from '../../spec/errors.js';
import type { Protocol, ProtocolContext } from '../../spec/protocol.js';
import { answerInstruction, baselineAnswer } from './baseline-answer.js';
import { renderQuestionContext } from '../render-question.js';

/** The one role of the chain-of-thought baseline. */
export const COT_ROLES = ['Solver'] as const;

/** Parameters of the cot baseline (it has none to tune; the schema keeps the registry uniform). */
export const cotParamsSchema = z.object({}).strict();

/**
 * The system prompt: the same for every dataset, so the baseline is not
 * primed for one domain; "only the context given" only when there is one
 * (a MedQA question has none, a FinQA one a report).
 */
export function cotSystemPrompt(hasContext: boolean): string {
  return `You answer questions${hasContext ? ' using only the context given' : ''}. Show your reasoning and calculations.`;
}

/**
 * Single-agent chain-of-thought over the rendered context (passages,
 * tables with row indices, image captions): one call, the answer read from
 * its "Answer:" line by the question's answer kind. Emits one `turn` and the
 * `final` event (aggregate `single`, one round).
 */
export class CotProtocol implements Protocol {
  readonly name = 'cot';
  readonly params: Readonly<Record<string, unknown>> = {};
  readonly needsJudge = false;

  constructor(params: Record<string, unknown> = {}) {
    const parsed = cotParamsSchema.safeParse(params);
    if (!parsed.success) throw new ConfigError(`protocol "cot" takes no parameters (got ${Object.keys(params).join(', ')})`, 'run cot without --rounds and other debate flags');
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question } = context;
    const agent = context.agents[0];
    if (agent === undefined) throw new ConfigError('protocol "cot" needs one agent');
    const rendered = renderQuestionContext(question);
    const user = [rendered === '' ? '' : `Context:\n${rendered}`, `Question: ${question.prompt}`, answerInstruction(question)].filter((part) => part !== '').join('\n\n');
    const messages: ChatMessage[] = [
      { role: 'system', content: cotSystemPrompt(rendered !== '') },
      { role: 'user', content: user },
    ];
    const { parsed } = await context.call(agent, { messages }, { round: 0, parse: ({ text }) => ({ answer: baselineAnswer(text, question), rationale: text, source: 'text' }) });
    context.emit({
      type: 'final',
      answer: parsed.answer,
      aggregate: 'single',
      roundsRun: 1,
      stoppedEarly: false,
    });
  }
}
