/**
 * The Redis-backed limits that hold across workers: the semaphore (calls
 * in flight per backend) and the token bucket (requests per minute). Two
 * ioredis clients stand for two worker processes. Needs REDIS_URL.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { RedisSemaphore } from '../../src/queue/redis-semaphore.js';
import { RedisTokenBucket } from '../../src/queue/redis-token-bucket.js';
import { requireServices } from './test-services.js';

const services = requireServices('REDIS_URL');
if (services !== undefined) {
  describe('Redis limits', () => {
    let first: Redis;
    let second: Redis;
    const keys: string[] = [];
    const key = (kind: string) => {
      const name = `quorum-test:${kind}:${randomUUID()}`;
      keys.push(name);
      return name;
    };
    before(() => {
      first = new Redis(services.REDIS_URL);
      second = new Redis(services.REDIS_URL);
    });
    after(async () => {
      if (keys.length > 0) await first.del(...keys);
      first.disconnect();
      second.disconnect();
    });

    it('never lets more than the limit run at once across clients, and lets each waiter through', async () => {
      const shared = key('slots');
      const semaphores = [new RedisSemaphore(first, shared, { limit: 3 }), new RedisSemaphore(second, shared, { limit: 3 })];
      let running = 0;
      let most = 0;
      const finished = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          semaphores[index % 2]!.use(async () => {
            running += 1;
            most = Math.max(most, running);
            await sleep(10 + (index % 5) * 3);
            running -= 1;
            return index;
          }),
        ),
      );
      assert.equal(finished.length, 24);
      assert.equal(most, 3);
      assert.equal(await semaphores[0]!.held(), 0, 'every slot was released');
    });

    it('frees the slots of a holder that vanished once its lease expires', async () => {
      const shared = key('slots');
      // A lease taken by a worker that was then killed: it is never released or renewed.
      const time = await first.time();
      await first.zadd(shared, Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000) + 300, 'killed-worker');
      const semaphore = new RedisSemaphore(second, shared, { limit: 1, maxPollMs: 20 });
      const started = performance.now();
      await semaphore.use(async () => undefined);
      const waited = performance.now() - started;
      assert.ok(waited >= 200 && waited < 3_000, `waited ${waited.toFixed(0)} ms for the dead lease to expire`);
    });

    it('keeps a long call\'s slot by renewing its lease', async () => {
      const shared = key('slots');
      const holder = new RedisSemaphore(first, shared, { limit: 1, leaseMs: 150 });
      const other = new RedisSemaphore(second, shared, { limit: 1, leaseMs: 150, maxPollMs: 10 });
      let overlapped = false;
      let holding = false;
      const long = holder.use(async () => {
        holding = true;
        await sleep(500);
        holding = false;
      });
      await sleep(20);
      await other.use(async () => {
        overlapped = holding;
      });
      await long;
      assert.equal(overlapped, false, 'the second user waited for the renewed slot');
    });

    it('spreads requests to the rate across clients', async () => {
      const shared = key('rate');
      // 1,200 per minute = one every 50 ms; a burst of 1.
      const buckets = [new RedisTokenBucket(first, shared, 1_200, 1), new RedisTokenBucket(second, shared, 1_200, 1)];
      const started = performance.now();
      await Promise.all(Array.from({ length: 7 }, (_, index) => buckets[index % 2]!.take()));
      const elapsed = performance.now() - started;
      // The first token is there at once; the other six come 50 ms apart.
      assert.ok(elapsed >= 280, `7 takes at 20/s took ${elapsed.toFixed(0)} ms`);
    });
  });
}
