import { ConfigError } from '../spec/errors.js';

/** The name of the queue when the URL names none. */
export const DEFAULT_QUEUE_NAME = 'quorum-units';

/** A `redis://` queue location taken apart. */
export interface QueueLocation {
  /** The Redis URL handed to ioredis, without quorum's own parameters. */
  redisUrl: string;
  /** The BullMQ queue (`?queue=`, default `quorum-units`): the enqueuer and its workers must name the same one. */
  queueName: string;
  /** The location with any password removed: safe in messages and logs. */
  display: string;
}

const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Parses `redis://[user:password@]host:6379[/db][?queue=name]` (or
 * `rediss://` for TLS). Several independent deployments can share one Redis
 * through different queue names or database numbers. Throws `ConfigError`
 * without ever echoing the password.
 */
export function parseQueueLocation(location: string): QueueLocation {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new ConfigError('the queue location is not a valid URL', 'write it as redis://host:6379 (or redis://:password@host:6379/0, rediss:// for TLS)');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(`unknown queue scheme ${url.protocol}`, 'the queue is Redis: redis://host:6379 or rediss://host:6380');
  }
  const display = redactedRedisUrl(url);
  const queueName = url.searchParams.get('queue') ?? DEFAULT_QUEUE_NAME;
  // BullMQ uses ":" to build its keys, so names are kept to a plain alphabet.
  if (!QUEUE_NAME.test(queueName)) throw new ConfigError(`${display}: queue name "${queueName}" may use letters, digits, ".", "_" and "-" only`);
  url.searchParams.delete('queue');
  return { redisUrl: url.href, queueName, display };
}

/** The URL without its password. */
export function redactedRedisUrl(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password !== '') copy.password = '***';
  return copy.href;
}
