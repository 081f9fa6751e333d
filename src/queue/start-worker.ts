import { hostname } from 'node:os';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { describeError } from '../spec/errors.js';
import type { TraceStore } from '../spec/store.js';
import { systemClock, type Clock } from '../util/clock.js';
import { globalLimitMiddleware, type GlobalLimits } from './global-limit-middleware.js';
import { isPermanent, processUnitJob } from './process-unit-job.js';
import { parseQueueLocation, type QueueLocation } from './queue-location.js';
import { RunContexts } from './run-contexts.js';
import type { UnitJob, UnitJobOutcome } from './unit-job.js';
import { bullConnection, openUnitQueue, waitForRedis } from './unit-queue.js';
import { BackendPool, type BackendPoolOptions } from '../runner/backend-pool.js';

/** Options of `startWorker`. */
export interface StartWorkerOptions {
  /** `redis://…[?queue=name]`. */
  queue: string;
  /** The shared store (PostgreSQL for workers on several machines). */
  store: TraceStore;
  /** Units in flight in this process (default 4). */
  concurrency?: number;
  /** Limits per backend across all workers of the queue (default: 16 calls in flight, no rate). */
  limits?: Partial<GlobalLimits>;
  /**
   * How long a unit's lock lasts without renewal (default 30 s). A killed
   * worker's units return to the queue after at most about twice this.
   */
  lockDurationMs?: number;
  /** Times a unit may be re-queued after its worker vanished before its job fails (default 3). */
  maxStalledCount?: number;
  /** Forbid cache misses. */
  replay?: boolean;
  /** Directory relative data paths start from. */
  dataDir?: string;
  /** Stop once nothing is waiting, delayed or running anywhere (checked every `idlePollMs`). */
  exitWhenEmpty?: boolean;
  idlePollMs?: number;
  llama?: BackendPoolOptions['llama'];
  clock?: Clock;
  /** Sees every finished job and every failed attempt (for logs). */
  onEvent?: (event: WorkerEvent) => void;
}

/** What a worker reports. */
export type WorkerEvent =
  | { type: 'ready'; name: string; queue: string; concurrency: number }
  | { type: 'unit'; unitId: string; runId: string; outcome: UnitJobOutcome; ms: number }
  | { type: 'job-failed'; unitId: string; runId: string; attempt: number; final: boolean; code: string; message: string; hint: string | undefined }
  | { type: 'error'; message: string };

/** Tallies of a worker's jobs. */
export interface WorkerTally {
  /** Units this worker stored. */
  stored: number;
  /** …of which finished as failed units (errors inside the unit). */
  failedUnits: number;
  /** Jobs whose unit was already stored (re-queued after a worker died, or finished elsewhere). */
  skipped: number;
  /** Failed job attempts (retried or not). */
  jobErrors: number;
}

/** A running worker. */
export interface RunningWorker {
  readonly name: string;
  readonly tally: WorkerTally;
  /** Resolves when the worker has stopped (after `stop`, or when the queue emptied with `exitWhenEmpty`). */
  readonly stopped: Promise<void>;
  /** Stops taking jobs and waits for running units to be stored; `force` abandons them to be re-queued. */
  stop(force?: boolean): Promise<void>;
}

const DEFAULT_LIMITS: GlobalLimits = { concurrency: 16 };

/**
 * Starts a BullMQ worker that executes queued units (see `processUnitJob`)
 * until stopped. Recovery from crashes is BullMQ's stalled-job check: a
 * worker holds a lock per running job and renews it every half
 * `lockDurationMs`; when a worker dies (SIGKILL, power loss, network
 * split), its locks lapse and any live worker moves the jobs back to the
 * queue. Exactly-once storage does not rest on that: a unit re-run while
 * its first run is still alive (a paused, not dead, worker) is stored only
 * once, because `completeUnit` stores only the first completion.
 */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const location: QueueLocation = parseQueueLocation(options.queue);
  const clock = options.clock ?? systemClock;
  const emit = options.onEvent ?? (() => undefined);
  const name = `${hostname()}:${process.pid}`;
  const concurrency = options.concurrency ?? 4;
  const lockDuration = options.lockDurationMs ?? 30_000;
  const redis = new Redis(location.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  redis.on('error', () => undefined);
  const queue = openUnitQueue(location);
  try {
    await waitForRedis({ waitUntilReady: () => (redis.status === 'ready' ? Promise.resolve() : new Promise((resolve) => redis.once('ready', resolve))) }, location);
    await waitForRedis(queue, location);
  } catch (error) {
    redis.disconnect();
    await queue.close().catch(() => undefined);
    throw error;
  }
  const limits = globalLimitMiddleware(redis, location.queueName, { ...DEFAULT_LIMITS, ...options.limits });
  const backends = new BackendPool({ store: options.store, replay: options.replay ?? false, limits, ...(options.llama === undefined ? {} : { llama: options.llama }) });
  const contexts = new RunContexts({ store: options.store, backends, ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }) });
  const tally: WorkerTally = { stored: 0, failedUnits: 0, skipped: 0, jobErrors: 0 };

  const worker = new Worker<UnitJob, UnitJobOutcome, string>(
    location.queueName,
    async (job: Job<UnitJob, UnitJobOutcome, string>) => {
      const started = clock.now();
      try {
        const outcome = await processUnitJob(job.data, { store: options.store, contexts, clock });
        if (outcome.stored) {
          tally.stored += 1;
          if (outcome.status === 'failed') tally.failedUnits += 1;
        } else tally.skipped += 1;
        emit({ type: 'unit', unitId: job.data.unitId, runId: job.data.runId, outcome, ms: clock.now() - started });
        return outcome;
      } catch (error) {
        tally.jobErrors += 1;
        const described = describeError(error);
        const final = isPermanent(error) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        emit({ type: 'job-failed', unitId: job.data.unitId, runId: job.data.runId, attempt: job.attemptsMade + 1, final, ...described });
        // BullMQ keeps only the message: the hint goes with it, so `study status` can show both.
        const message = described.hint === undefined ? described.message : `${described.message} (hint: ${described.hint})`;
        throw isPermanent(error) ? new UnrecoverableError(message) : new Error(message);
      }
    },
    {
      connection: bullConnection(location),
      concurrency,
      name,
      lockDuration,
      stalledInterval: Math.max(1_000, Math.round(lockDuration / 2)),
      maxStalledCount: options.maxStalledCount ?? 3,
      autorun: false,
    },
  );
  worker.on('error', (error) => emit({ type: 'error', message: error.message }));

  let idleTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  const stop = (force = false): Promise<void> => {
    stopping ??= (async () => {
      clearInterval(idleTimer);
      await worker.close(force);
      await queue.close().catch(() => undefined);
      await backends.close();
      redis.disconnect();
      resolveStopped();
    })();
    return stopping;
  };

  if (options.exitWhenEmpty === true) {
    let checking = false;
    idleTimer = setInterval(() => {
      if (checking) return;
      checking = true;
      queue
        .getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'waiting-children')
        .then((counts) => {
          if (Object.values(counts).every((count) => count === 0)) void stop();
        })
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, options.idlePollMs ?? 500);
  }

  void worker.run().catch((error: unknown) => emit({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
  emit({ type: 'ready', name, queue: location.display, concurrency });
  return { name, tally, stopped, stop };
}
