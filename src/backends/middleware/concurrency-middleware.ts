import pLimit from 'p-limit';
import type { BackendMiddleware } from '../../spec/chat.js';
import { BackendError, ConfigError } from '../../spec/errors.js';
import { decorateBackend } from './decorate-backend.js';

/**
 * At most `limit` calls in flight per wrapped backend; the rest wait in
 * order. Needed in front of HTTP backends because the openai client has no
 * limit of its own (a hundred calls go out at once), and in front of
 * in-process models whose context has a fixed number of sequences. Each
 * backend wrapped gets its own limiter; share a wrapped backend to share a
 * limit. A call cancelled while waiting never reaches the backend.
 */
export function concurrencyMiddleware(limit: number): BackendMiddleware {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new ConfigError(`concurrency must be a positive integer, got ${limit}`, 'e.g. --concurrency 4');
  }
  return (inner) => {
    const limiter = pLimit(limit);
    return decorateBackend(inner, (request) =>
      limiter(async () => {
        if (request.signal?.aborted) throw new BackendError(inner.id, 'aborted', 'the call was cancelled while waiting for a slot');
        return inner.complete(request);
      }),
    );
  };
}
