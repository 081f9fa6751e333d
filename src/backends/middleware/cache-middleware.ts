import type { BackendMiddleware, ChatRequest, ChatResponse } from '../../spec/chat.js';
import { BackendError } from '../../spec/errors.js';
import type { CachedCompletion } from '../../spec/store.js';
import { completionCacheKey } from './completion-cache-key.js';
import type { CompletionCache } from './completion-cache.js';
import { decorateBackend } from './decorate-backend.js';

/** Options of the cache middleware. */
export interface CacheOptions {
  /** Forbid cache misses (`--replay`): a miss throws `cache-miss` instead of calling the backend. */
  replay?: boolean;
}

/**
 * Serves repeated requests from a content-addressed completion cache (see
 * `completionCacheKey`). A hit costs nothing: `cacheHit: true`,
 * `latencyMs: 0`, `attempts: 1`, `costUsd: 0` (nothing was paid for it; the
 * cost of the original call stays in the cache entry). Identical requests
 * in flight at the same time share one backend call, and the followers count
 * as hits. Only successful completions are stored: a reply without text or
 * JSON is passed on but never becomes an entry, and the followers of a failed
 * leader get its error.
 */
export function cacheMiddleware(cache: CompletionCache, options: CacheOptions = {}): BackendMiddleware {
  return (inner) => {
    const inFlight = new Map<string, Promise<ChatResponse>>();

    const fill = async (key: string, request: ChatRequest): Promise<ChatResponse> => {
      const response = await inner.complete(request);
      // A reply with no text and no JSON is not a completion: stored, it would be replayed forever.
      // Passed on uncached (an in-process model may legitimately stop at once); HTTP backends already throw `empty-reply`.
      if (isCompletion(response)) await cache.putCompletion(key, toCached(response));
      return response;
    };

    return decorateBackend(inner, async (request) => {
      const key = completionCacheKey(inner.id, request);
      const cached = await cache.getCompletion(key);
      if (cached !== undefined) return fromCached(cached);
      if (options.replay === true) {
        throw new BackendError(inner.id, 'cache-miss', `no cached completion for this request (key ${key.slice(0, 12)}…)`, {
          hint:
            '--replay allows cached completions only: run once without --replay to fill the cache, or check that ' +
            'the prompts, seeds, decoding settings and backend spec match the run that filled it',
        });
      }
      const pending = inFlight.get(key);
      if (pending !== undefined) {
        try {
          // The follower made no call: the leader's attempt log is the leader's.
          const { attemptLog: _leaders, ...shared } = structuredClone(await pending);
          return { ...shared, cacheHit: true, latencyMs: 0, attempts: 1, costUsd: 0 };
        } catch (error) {
          // The leader's caller cancelled; this caller did not, so it asks for itself.
          if (!(error instanceof BackendError && error.failure === 'aborted') || request.signal?.aborted) throw error;
          return fill(key, request);
        }
      }
      const call = fill(key, request);
      inFlight.set(key, call);
      try {
        return await call;
      } finally {
        inFlight.delete(key);
      }
    });
  };
}

/** Whether a response holds something a caller can use again: text, or a parsed JSON value. */
function isCompletion(response: ChatResponse): boolean {
  return response.text.trim() !== '' || response.json !== undefined;
}

function toCached(response: ChatResponse): CachedCompletion {
  return {
    text: response.text,
    ...(response.json === undefined ? {} : { json: response.json }),
    usage: response.usage,
    finishReason: response.finishReason,
    model: response.model,
    costUsd: response.costUsd,
    ...(response.structured === undefined ? {} : { structured: response.structured }),
  };
}

function fromCached(cached: CachedCompletion): ChatResponse {
  return {
    text: cached.text,
    ...(cached.json === undefined ? {} : { json: cached.json }),
    usage: cached.usage,
    latencyMs: 0,
    finishReason: cached.finishReason,
    model: cached.model,
    cacheHit: true,
    costUsd: 0,
    attempts: 1,
    ...(cached.structured === undefined ? {} : { structured: cached.structured }),
  };
}
