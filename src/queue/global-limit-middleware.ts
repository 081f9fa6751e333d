import type { Redis } from 'ioredis';
import type { BackendMiddleware } from '../spec/chat.js';
import { BackendError, ConfigError } from '../spec/errors.js';
import { decorateBackend } from '../backends/middleware/decorate-backend.js';
import { sha256 } from '../util/hash.js';
import { RedisSemaphore } from './redis-semaphore.js';
import { RedisTokenBucket } from './redis-token-bucket.js';

/** Limits per backend that hold across every worker of a queue. */
export interface GlobalLimits {
  /** Calls in flight per backend across all workers (a vLLM server's batch capacity). */
  concurrency: number;
  /** Requests (attempts, retries included) per minute per backend across all workers; unlimited when absent. */
  requestsPerMinute?: number;
  /** How long a killed worker's slots stay taken (default 60 s). */
  leaseMs?: number;
}

/** The Redis key prefix of one queue's limits: limits are shared by the workers of one queue. */
function limitKey(queueName: string, kind: string, backendId: string): string {
  // Hashed: backend ids hold URLs and model paths, which make awkward keys.
  return `quorum:${queueName}:${kind}:${sha256(backendId).slice(0, 24)}`;
}

/**
 * Two middlewares keyed by backend id, so one server is limited as one
 * whichever worker calls it:
 * - `slots`: a Redis semaphore, at most `concurrency` calls in flight.
 *   Goes outside retries, like the local limiter: a call backing off keeps
 *   its slot, so a struggling server is not handed more work meanwhile;
 * - `rate`: a Redis token bucket, at most `requestsPerMinute` requests.
 *   Goes inside retries: every attempt is a request the provider counts.
 *
 * Why not BullMQ's own limiter: it limits jobs started per queue and time
 * window, but a unit makes many calls to several backends, for seconds to
 * minutes; what a server can take is calls in flight to it.
 */
export function globalLimitMiddleware(redis: Redis, queueName: string, limits: GlobalLimits): { slots: BackendMiddleware; rate: BackendMiddleware } {
  if (!Number.isInteger(limits.concurrency) || limits.concurrency < 1) {
    throw new ConfigError(`backend concurrency must be a positive integer, got ${limits.concurrency}`, 'e.g. --backend-concurrency 16');
  }
  const perMinute = limits.requestsPerMinute;
  if (perMinute !== undefined && !(Number.isFinite(perMinute) && perMinute > 0)) {
    throw new ConfigError(`requests per minute must be a positive number, got ${perMinute}`, 'e.g. --requests-per-minute 500');
  }
  const slots: BackendMiddleware = (inner) => {
    const semaphore = new RedisSemaphore(redis, limitKey(queueName, 'slots', inner.id), {
      limit: limits.concurrency,
      ...(limits.leaseMs === undefined ? {} : { leaseMs: limits.leaseMs }),
    });
    return decorateBackend(inner, (request) =>
      semaphore.use(async () => {
        if (request.signal?.aborted) throw new BackendError(inner.id, 'aborted', 'the call was cancelled while waiting for a slot');
        return inner.complete(request);
      }, request.signal),
    );
  };
  const rate: BackendMiddleware = (inner) => {
    if (perMinute === undefined) return inner;
    const bucket = new RedisTokenBucket(redis, limitKey(queueName, 'rate', inner.id), perMinute);
    return decorateBackend(inner, async (request) => {
      await bucket.take(request.signal);
      return inner.complete(request);
    });
  };
  return { slots, rate };
}
