import type { ChatBackend, ChatRequest, ChatResponse } from '../../spec/chat.js';

/**
 * A backend that answers with `complete` and is otherwise `inner`: same id,
 * provider, model and capabilities (so traces and cache keys name the real backend), and
 * `close` passed through.
 */
export function decorateBackend(inner: ChatBackend, complete: (request: ChatRequest) => Promise<ChatResponse>): ChatBackend {
  return {
    specificationVersion: 'v1',
    provider: inner.provider,
    modelId: inner.modelId,
    id: inner.id,
    ...(inner.capabilities === undefined ? {} : { capabilities: inner.capabilities }),
    complete,
    close: async () => {
      await inner.close?.();
    },
  };
}
