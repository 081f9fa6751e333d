import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Takes a slot when fewer than ARGV[1] unexpired leases exist. Times come
 * from the Redis server's clock, so workers with skewed clocks agree.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
  redis.call('PEXPIRE', KEYS[1], 2 * tonumber(ARGV[3]))
  return 1
end
return 0`;

/** Extends a lease that is still held (XX: a lease that expired is not revived). */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local renewed = redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], 2 * tonumber(ARGV[2]))
return renewed`;

/** Options of `RedisSemaphore`. */
export interface RedisSemaphoreOptions {
  /** Slots in use at most, across every process using the key. */
  limit: number;
  /** A lease not renewed for this long is freed: what a killed worker's slots cost (default 60 s). */
  leaseMs?: number;
  /** Longest pause between attempts while waiting for a slot (default 100 ms). */
  maxPollMs?: number;
}

/**
 * A counting semaphore shared by every process that uses the same Redis
 * key: a sorted set of leases scored by their expiry. A holder renews its
 * lease while it works, so slots of a killed process come back after
 * `leaseMs` instead of leaking forever. Waiters poll with a growing pause
 * (5 ms up to `maxPollMs`, jittered): model calls take hundreds of
 * milliseconds or more, so polling costs little, and it needs no blocking
 * connection per waiter.
 */
export class RedisSemaphore {
  private readonly leaseMs: number;
  private readonly maxPollMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly options: RedisSemaphoreOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxPollMs = options.maxPollMs ?? 100;
  }

  /** Runs `work` holding one slot; waits for a slot first. A cancelled wait throws `signal.reason`. */
  async use<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const lease = randomUUID();
    let pause = 5;
    while ((await this.redis.eval(ACQUIRE, 1, this.key, this.options.limit, lease, this.leaseMs)) !== 1) {
      if (signal?.aborted) throw signal.reason;
      await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random())));
      pause = Math.min(this.maxPollMs, pause * 2);
    }
    // Renewing at a third of the lease survives two lost renewals in a row.
    const renew = setInterval(() => void this.redis.eval(RENEW, 1, this.key, lease, this.leaseMs).catch(() => undefined), this.leaseMs / 3);
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      // A failed release only delays the slot until the lease expires.
      await this.redis.zrem(this.key, lease).catch(() => undefined);
    }
  }

  /** Slots held now (expired leases not counted). */
  async held(): Promise<number> {
    const time = await this.redis.time();
    return this.redis.zcount(this.key, Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000) + 1, '+inf');
  }
}
