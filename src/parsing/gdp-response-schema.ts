import { type QuestionLike, answerSpecOf } from '../spec/question.js';
import { optionLetters } from '../spec/question.js';

/** Size limits of GDP replies; long fields make models ramble and blow the token budget. */
export const GDP_LIMITS = Object.freeze({
  /** Characters per CLAIM, GROUND, stance target and counter-ground. */
  fieldMaxLength: 300,
  /** Steps per reply. */
  maxSteps: 8,
  /** Characters of a free-text answer. */
  answerMaxLength: 500,
});

/** The stance types of DESIGN §4. */
export const STANCE_TYPES = ['AGREE', 'DISAGREE', 'EXTEND'] as const;

/** Where in the debate a reply is written. */
export interface GdpSchemaOptions {
  /** Round of the reply; round 0 (answering alone) has no STANCE. */
  round: number;
  /** Names of the peers whose claims the agent may address (not the agent itself). */
  peers: readonly string[];
}

/**
 * The JSON schema of a GDP reply, for backends with structured output:
 * `{steps: [{claim, ground, stance}], answer}`. `stance` exists from round
 * 1 on. `answer` is an enum of the option letters for multiple choice, a
 * number for numeric questions, a string otherwise. Steps come before the
 * answer so the model reasons before it answers.
 *
 * Every property is required and "absent" is `null`, and there is no
 * `anyOf`/`oneOf`: OpenAI strict mode requires all properties, and
 * node-llama-cpp's grammar converter knows `oneOf` but not `anyOf` (it
 * silently turns an `anyOf` into `null`), while OpenAI documents `anyOf`
 * but not `oneOf`. So a step without a stance carries
 * `{peer: null, type: null, target: null, counterGround: null}`.
 */
export function gdpResponseSchema(question: QuestionLike, options: GdpSchemaOptions): Record<string, unknown> {
  const text = (description: string): Record<string, unknown> => ({
    type: 'string',
    minLength: 1,
    maxLength: GDP_LIMITS.fieldMaxLength,
    description,
  });
  const stepProperties: Record<string, unknown> = {
    claim: text('One falsifiable assertion.'),
    ground: text('A named fact, mechanism or guideline that supports the claim.'),
  };
  if (options.round >= 1) {
    const nullable = (values: readonly string[]): Record<string, unknown> => ({ type: ['string', 'null'], enum: [...values, null] });
    stepProperties['stance'] = {
      type: 'object',
      additionalProperties: false,
      required: ['peer', 'type', 'target', 'counterGround'],
      description: "Position toward a named peer's claim; peer and type null when the step responds to no peer.",
      properties: {
        peer: options.peers.length > 0 ? nullable(options.peers) : { type: ['string', 'null'], maxLength: 100 },
        type: nullable(STANCE_TYPES),
        target: { type: ['string', 'null'], maxLength: GDP_LIMITS.fieldMaxLength, description: "The peer's claim being addressed." },
        counterGround: {
          type: ['string', 'null'],
          maxLength: GDP_LIMITS.fieldMaxLength,
          description: "Required for DISAGREE: the ground that contradicts the peer's claim.",
        },
      },
    };
  }
  return {
    type: 'object',
    additionalProperties: false,
    required: ['steps', 'answer'],
    properties: {
      steps: {
        type: 'array',
        minItems: 1,
        maxItems: GDP_LIMITS.maxSteps,
        items: { type: 'object', additionalProperties: false, required: Object.keys(stepProperties), properties: stepProperties },
      },
      answer: answerSchema(question),
    },
  };
}

function answerSchema(question: QuestionLike): Record<string, unknown> {
  switch (answerSpecOf(question).kind) {
    case 'choice': {
      const letters = optionLetters(question);
      return letters.length > 0 ? { type: 'string', enum: letters } : { type: 'string', minLength: 1, maxLength: 1 };
    }
    case 'number':
      return { type: 'number' };
    case 'text':
    case 'none':
      return { type: 'string', minLength: 1, maxLength: GDP_LIMITS.answerMaxLength };
  }
}
