import type { Redis } from 'ioredis';

/**
 * Takes one token, refilled continuously at ARGV[1] tokens per millisecond
 * up to ARGV[2]; returns 0, or the milliseconds until a token is due.
 * Server time, as in the semaphore.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate) + 1000)
return wait`;

/**
 * A token bucket shared by every process using the same Redis key: at most
 * `perMinute` takes per minute on average, with bursts up to `burst`.
 * Hosted APIs limit requests per minute per account, whichever machine
 * sends them, which a per-process limiter cannot honour.
 */
export class RedisTokenBucket {
  private readonly ratePerMs: number;
  private readonly capacity: number;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    perMinute: number,
    burst?: number,
  ) {
    this.ratePerMs = perMinute / 60_000;
    this.capacity = Math.max(1, burst ?? Math.min(perMinute, Math.ceil(perMinute / 60) + 1));
  }

  /** Waits until a token is taken. A cancelled wait throws `signal.reason`. */
  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const wait = Number(await this.redis.eval(TAKE, 1, this.key, this.ratePerMs, this.capacity));
      if (wait <= 0) return;
      if (signal?.aborted) throw signal.reason;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
