import type { ChatMessage, ResponseFormat } from '../../spec/chat.js';

/** The instruction that replaces server-side JSON schema enforcement. */
export function schemaInstruction(format: ResponseFormat): string {
  return (
    'Reply with one JSON value only: no prose before or after it, no code fences. ' +
    `It must match this JSON schema (named "${format.name}"):\n${JSON.stringify(format.schema)}`
  );
}

/**
 * The messages with the schema instruction added to the first system
 * message (or a new system message in front). The first message, not the
 * last: many chat templates reject a system message after the conversation
 * has started, and the instruction is the same for every agent using the
 * schema, so servers with prefix caching still share the prefix.
 */
export function withSchemaInstruction(messages: readonly ChatMessage[], format: ResponseFormat): ChatMessage[] {
  const instruction = schemaInstruction(format);
  const first = messages[0];
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...messages.slice(1)];
  return [{ role: 'system', content: instruction }, ...messages];
}

/** The one repair turn: the model sees its bad reply and what is wrong with it. */
export function repairMessages(sent: readonly ChatMessage[], badReply: string, problem: string, format: ResponseFormat): ChatMessage[] {
  return [
    ...sent,
    { role: 'assistant', content: badReply },
    {
      role: 'user',
      content:
        `Your reply is not valid JSON for the schema "${format.name}": ${problem}. ` +
        'Reply again with only the corrected JSON value, complete and concise, with no other text.\n' +
        `Schema: ${JSON.stringify(format.schema)}`,
    },
  ];
}
