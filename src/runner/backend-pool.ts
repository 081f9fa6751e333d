import type { BackendMiddleware, ChatBackend } from '../spec/chat.js';
import type { TraceStore } from '../spec/store.js';
import { createBackend, type CreateBackendOptions } from '../backends/create-backend.js';
import { accountingMiddleware } from '../backends/middleware/accounting-middleware.js';
import { cacheMiddleware } from '../backends/middleware/cache-middleware.js';
import { concurrencyMiddleware } from '../backends/middleware/concurrency-middleware.js';
import { DeadBackendWatch } from '../backends/middleware/dead-backend-watch.js';
import { retryMiddleware, type RetryOptions } from '../backends/middleware/retry-middleware.js';
import { wrapBackend } from '../backends/middleware/wrap-backend.js';
import type { PriceTable } from '../backends/prices.js';

/**
 * Limits shared by several processes (a queue worker's, kept in Redis):
 * `slots` bounds calls in flight and replaces the per-process limiter;
 * `rate` bounds requests per second and sits inside retries, so that every
 * attempt takes a token.
 */
export interface SharedLimits {
  slots: BackendMiddleware;
  rate?: BackendMiddleware;
}

/**
 * Options shared by every backend of a run (or of a worker process): a
 * per-process limit (`concurrencyPerBackend`) or limits shared across
 * processes (`limits`), one of the two.
 */
export type BackendPoolOptions = BackendPoolSettings & ({ concurrencyPerBackend: number; limits?: undefined } | { limits: SharedLimits; concurrencyPerBackend?: undefined });

/** What every pool is built with, whichever limit it has. */
export interface BackendPoolSettings {
  /** The store whose completion cache serves every call (a worker's is shared by every worker). */
  store: TraceStore;
  /** Forbid cache misses (`--replay`). */
  replay: boolean;
  llama?: { threads?: number; contextSize?: number; cacheDir?: string; quiet?: boolean; sequences?: number };
  /** Prices by model over the built-in table (`--price`, a run file's `prices:`). */
  prices?: PriceTable;
  /** Options of OpenAI-compatible backends (a `fetch` for proxies; benchmarks compare transports with it). */
  openai?: CreateBackendOptions['openai'];
  /** Calls in a row failing to connect before a backend counts as down (default `DEFAULT_DEAD_AFTER_CALLS`). */
  deadAfterCalls?: number;
  /** Retry settings (attempts, backoff; an instant `sleep` in tests). */
  retry?: RetryOptions;
  /** Backends given as objects (a library user's own, a scripted one), by the spec agents name them with; wrapped like created ones. */
  provided?: ReadonlyMap<string, ChatBackend>;
}

/**
 * Creates each distinct backend spec once and wraps it in the standard
 * middleware: accounting outside the cache (hits are counted as free calls),
 * the cache outside the limiter (hits never wait for a slot), the limiter
 * outside retries (a call backing off keeps its slot, which is what a rate
 * limit wants); the dead-backend watch just outside retries, so that each
 * call counts once, after its retries; a shared request rate, when given,
 * inside retries. The local runner, `quorum serve`, judge ratings and queue
 * workers (with `limits`) all build their backends here. A spec that failed
 * to build (missing package, bad model file) is tried again by the next
 * `get`. API keys come from this process's environment (specs name only the
 * variable).
 */
export class BackendPool {
  private readonly backends = new Map<string, Promise<ChatBackend>>();
  /** Notices a backend that stopped answering (see `DeadBackendWatch`). */
  readonly deadBackends: DeadBackendWatch;

  constructor(private readonly options: BackendPoolOptions) {
    this.deadBackends = new DeadBackendWatch(options.deadAfterCalls === undefined ? {} : { deadAfterCalls: options.deadAfterCalls });
  }

  get(spec: string): Promise<ChatBackend> {
    let backend = this.backends.get(spec);
    if (backend === undefined) {
      backend = this.create(spec);
      backend.catch(() => this.backends.delete(spec));
      this.backends.set(spec, backend);
    }
    return backend;
  }

  private async create(spec: string): Promise<ChatBackend> {
    const raw = this.options.provided?.get(spec) ?? await createBackend(spec, {
      ...(this.options.llama === undefined ? {} : { llama: this.options.llama }),
      ...(this.options.openai === undefined ? {} : { openai: this.options.openai }),
    });
    const { limits } = this.options;
    return wrapBackend(
      raw,
      accountingMiddleware(this.options.prices),
      cacheMiddleware(this.options.store, { replay: this.options.replay }),
      limits === undefined ? concurrencyMiddleware(this.options.concurrencyPerBackend) : limits.slots,
      this.deadBackends.middleware,
      retryMiddleware(this.options.retry),
      ...(limits?.rate === undefined ? [] : [limits.rate]),
    );
  }

  /** Closes every backend created. */
  async close(): Promise<void> {
    const created = await Promise.allSettled(this.backends.values());
    await Promise.all(created.map((result) => (result.status === 'fulfilled' ? result.value.close?.() : undefined)));
  }
}
