import type { BackendMiddleware, ChatBackend } from '../../spec/chat.js';

/**
 * Wraps a backend in middleware, the first one outermost:
 * `wrapBackend(raw, accounting, cache, limit, retry)` calls accounting, which
 * calls the cache, which calls the limiter, which calls retry, which calls
 * `raw`.
 */
export function wrapBackend(backend: ChatBackend, ...middleware: BackendMiddleware[]): ChatBackend {
  return middleware.reduceRight<ChatBackend>((inner, wrap) => wrap(inner), backend);
}
