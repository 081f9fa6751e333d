import type { ChatMessage, ResponseFormat } from '../../spec/chat.js';
import type { NliPair } from '../../spec/audit.js';

/**
 * The name of the reply schema. It goes into every request (and so into the
 * completion cache key); a new prompt gets a new name, so replies to an
 * older prompt are never read as answers to this one.
 */
export const LLM_NLI_SCHEMA_NAME = 'quorum_nli_v1';

/**
 * The instruction of `llm:` NLI, verbatim in docs/audit-models.md. The
 * definition of "contradiction" is the one the labelled debate set
 * (fixtures/nli-debate) was annotated with, so that a user who measures
 * their model on it measures what the audit asks.
 */
export const LLM_NLI_SYSTEM_PROMPT = [
  'You label pairs of sentences for natural language inference (NLI). The sentences are reasoning steps written by different agents answering the same question.',
  'For each numbered pair, decide how the premise relates to the hypothesis:',
  '- "entailment": if the premise is true, the hypothesis must be true.',
  '- "contradiction": the premise and the hypothesis cannot both be true as written, read as claims about the same question (for example two different final answers, opposite verdicts about the same option, opposite properties of the same thing).',
  '- "neutral": anything else, including sentences about different things, hedged or reported claims, and text that makes no claim.',
  'Judge every pair on its own, from its two sentences only. For each pair give the label and your confidence in it, a number from 0 to 1.',
].join('\n');

/** The user message: the pairs, numbered from 1, each text as a JSON string (texts may hold quotes and line breaks). */
export function llmNliUserMessage(pairs: readonly NliPair[]): string {
  const lines = pairs.map((pair, index) => `${index + 1}. premise: ${JSON.stringify(pair.premise)}\n   hypothesis: ${JSON.stringify(pair.hypothesis)}`);
  return `Pairs:\n${lines.join('\n')}\n\nReply with one result per pair, in order: {"results": [{"id": <pair number>, "label": "entailment" | "neutral" | "contradiction", "confidence": <0 to 1>}, …]}`;
}

/** The messages of one batch. */
export function llmNliMessages(pairs: readonly NliPair[]): ChatMessage[] {
  return [
    { role: 'system', content: LLM_NLI_SYSTEM_PROMPT },
    { role: 'user', content: llmNliUserMessage(pairs) },
  ];
}

/**
 * The reply schema of a batch of `size` pairs: exactly `size` results, ids
 * 1…size. The backend enforces it (server-side JSON schema, a llama grammar,
 * or tolerant parsing with one repair call).
 */
export function llmNliResponseFormat(size: number): ResponseFormat {
  return {
    name: LLM_NLI_SCHEMA_NAME,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['results'],
      properties: {
        results: {
          type: 'array',
          minItems: size,
          maxItems: size,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['id', 'label', 'confidence'],
            properties: {
              // An enum, not minimum/maximum: grammar converters for in-process models enforce enums only.
              id: { type: 'integer', enum: Array.from({ length: size }, (_, index) => index + 1) },
              label: { type: 'string', enum: ['entailment', 'neutral', 'contradiction'] },
              confidence: { type: 'number', minimum: 0, maximum: 1 },
            },
          },
        },
      },
    },
  };
}
