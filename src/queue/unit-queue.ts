import { Queue } from 'bullmq';
import type { DefaultJobOptions } from 'bullmq';
import { QueueError } from './queue-error.js';
import { parseQueueLocation, type QueueLocation } from './queue-location.js';
import type { UnitJob, UnitJobOutcome } from './unit-job.js';

/** The BullMQ queue of unit jobs. */
export type UnitQueue = Queue<UnitJob, UnitJobOutcome, string>;

/**
 * How jobs are kept. Completed jobs are removed at once: the store is the
 * record of finished units, and a removed job id can be enqueued again.
 * Failed jobs stay a week so people can see why (`quorum study status`);
 * enqueueing the run again replaces them. Failures around a unit (store
 * unreachable, Redis hiccup) are retried with backoff; failures inside a
 * unit are stored as failed units and never reach the queue.
 */
export const UNIT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 4,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** Connection options BullMQ needs: workers block on Redis, so commands must never give up. */
export function bullConnection(location: QueueLocation): { url: string; maxRetriesPerRequest: null } {
  return { url: location.redisUrl, maxRetriesPerRequest: null };
}

/** Opens the unit queue a `redis://…[?queue=name]` location names. */
export function openUnitQueue(location: string | QueueLocation): UnitQueue {
  const parsed = typeof location === 'string' ? parseQueueLocation(location) : location;
  const queue: UnitQueue = new Queue<UnitJob, UnitJobOutcome, string>(parsed.queueName, { connection: bullConnection(parsed), defaultJobOptions: UNIT_JOB_OPTIONS });
  // Connection trouble surfaces on the next command; unhandled, 'error' would end the process.
  queue.on('error', () => undefined);
  return queue;
}

/**
 * Waits until the queue's Redis answers. ioredis reconnects forever (right
 * for a worker riding out a Redis restart), so without this a command
 * started against a wrong URL would hang instead of saying so.
 */
export async function waitForRedis(client: { waitUntilReady(): Promise<unknown> }, location: QueueLocation, timeoutMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueError(`Redis at ${location.display} did not answer within ${timeoutMs / 1000} s`, 'check that Redis runs and that this machine can reach it (host, port, password, firewall)')), timeoutMs);
  });
  try {
    await Promise.race([client.waitUntilReady(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
