import type { ChatRequest } from '../../spec/chat.js';
import { hashValue } from '../../util/hash.js';
import { imageCacheKey } from './image-cache-key.js';

/** Bumped when the key's contents change, so old entries are never read with a new meaning. */
const KEY_VERSION = 1;

/**
 * The content address of a completion (DESIGN §8): SHA-256 of the canonical
 * JSON of the backend id (which names the model: `openai:<model>@<url>`,
 * `llama:<file>`, `scripted:<model>`), the messages with their images (by
 * content, see `imageCacheKey`), the decoding settings
 * including the seed, the sample index and the response format. The same
 * request to the same backend always gives the same key; a different seed
 * or sample index gives a different one, so repeats stay independent. The
 * abort signal is not part of the request's content and is left out.
 * A message without images keys exactly as before images were keyed, so
 * stored text-only entries stay valid.
 */
export function completionCacheKey(backendId: string, request: ChatRequest): string {
  // Keys in sorted order and no undefined entries: canonicalJson then writes the object as it is, without a sorted copy.
  return hashValue({
    backend: backendId,
    decoding: sortedDecoding(request.decoding),
    messages: request.messages.map((message) =>
      message.images === undefined || message.images.length === 0
        ? { content: message.content, role: message.role }
        : { content: message.content, images: message.images.map(imageCacheKey), role: message.role },
    ),
    responseFormat: request.responseFormat === undefined ? null : { name: request.responseFormat.name, schema: request.responseFormat.schema },
    sampleIndex: request.sampleIndex ?? 0,
    v: KEY_VERSION,
  });
}

/** The decoding settings that are set, field by field and in sorted order, so that extra properties a caller attaches never change the key. */
function sortedDecoding({ maxTokens, seed, stop, temperature, topP }: ChatRequest['decoding']): Record<string, unknown> {
  const decoding: Record<string, unknown> = {};
  if (maxTokens !== undefined) decoding['maxTokens'] = maxTokens;
  if (seed !== undefined) decoding['seed'] = seed;
  if (stop !== undefined && stop.length > 0) decoding['stop'] = stop;
  if (temperature !== undefined) decoding['temperature'] = temperature;
  if (topP !== undefined) decoding['topP'] = topP;
  return decoding;
}
