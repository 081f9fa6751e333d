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
 *
 * A call that finds a free slot starts at once; a finished call hands its
 * slot to the longest-waiting one. (p-limit, used here before, queued every
 * call through several promises and closures even with slots free: about
 * a dozen allocations per model call.)
 */
export function concurrencyMiddleware(limit: number): BackendMiddleware {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new ConfigError(`concurrency must be a positive integer, got ${limit}`, 'e.g. --concurrency 4');
  }
  return (inner) => {
    let active = 0;
    const waiting: Array<() => void> = [];
    const release = (): void => {
      const next = waiting.shift();
      // The slot passes to the next call as it is, so a call arriving meanwhile cannot take it out of turn.
      if (next === undefined) active--;
      else next();
    };
    return decorateBackend(inner, async (request) => {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        if (request.signal?.aborted) throw new BackendError(inner.id, 'aborted', 'the call was cancelled while waiting for a slot');
        return await inner.complete(request);
      } finally {
        release();
      }
    });
  };
}
