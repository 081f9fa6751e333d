import { z } from 'zod';
import type { Passage, Question } from '../spec/question.js';
import { ServeError } from './serve-error.js';

const textPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

const messageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(textPartSchema), z.null()]).optional(),
  name: z.string().optional(),
});

/**
 * The fields of an OpenAI chat completion request that `quorum serve`
 * reads. Sampling fields (temperature, max_tokens, top_p, seed) are
 * accepted and ignored: the agents' decoding is part of the run's stored
 * configuration, which must describe every unit of the run.
 */
export const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  n: z.number().int().nullish(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** Reads a request body, or fails with a 400 naming the first field at fault. */
export function parseChatRequest(body: unknown): ChatRequest {
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
    throw new ServeError(400, 'invalid_request', `${param === '' ? 'request body' : param}: ${issue.message}`, {
      ...(param === '' ? {} : { param }),
      hint: 'send an OpenAI chat completion request: {"model": "<preset>", "messages": [{"role": "user", "content": "…"}]}',
    });
  }
  if (parsed.data.n != null && parsed.data.n !== 1) {
    throw new ServeError(400, 'invalid_request', `n: only one choice per request is supported, got ${parsed.data.n}`, { param: 'n', hint: 'send one request per sample' });
  }
  return parsed.data;
}

/**
 * The question a request asks: the last message, which must be the user's,
 * is the prompt; every earlier message is context, one passage each in
 * order (`system`/`developer` instructions and the conversation so far),
 * titled by its role. There is no gold: served units are unscored.
 */
export function questionFromMessages(request: ChatRequest, id: string): Question {
  const messages = request.messages;
  const lastIndex = messages.length - 1;
  const last = messages[lastIndex]!;
  if (last.role !== 'user') {
    throw new ServeError(400, 'invalid_request', `messages[${lastIndex}].role: the last message must be the user's question, got "${last.role}"`, { param: `messages[${lastIndex}].role` });
  }
  const prompt = textOf(last.content, lastIndex).trim();
  if (prompt === '') throw new ServeError(400, 'invalid_request', `messages[${lastIndex}].content: the question is empty`, { param: `messages[${lastIndex}].content` });
  const passages: Passage[] = messages.slice(0, lastIndex).flatMap((message, index) => {
    const text = textOf(message.content, index).trim();
    return text === '' ? [] : [{ id: `message-${index}`, title: message.role, text }];
  });
  return {
    id,
    prompt,
    gold: { kind: 'none' },
    ...(passages.length === 0 ? {} : { context: { passages } }),
    meta: { source: 'quorum serve', model: request.model },
  };
}

/** A message's text: a string, or its text parts joined; other parts (images, audio) are refused by name. */
function textOf(content: ChatRequest['messages'][number]['content'], index: number): string {
  if (content == null) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part, partIndex) => {
      if (part.type !== 'text' || part.text === undefined) {
        throw new ServeError(400, 'unsupported_content', `messages[${index}].content[${partIndex}]: only text parts are supported, got "${part.type}"`, { param: `messages[${index}].content[${partIndex}]` });
      }
      return part.text;
    })
    .join('\n');
}
