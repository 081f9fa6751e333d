import { createBackend } from '../backends/create-backend.js';
import { accountingMiddleware } from '../backends/middleware/accounting-middleware.js';
import { cacheMiddleware } from '../backends/middleware/cache-middleware.js';
import { retryMiddleware } from '../backends/middleware/retry-middleware.js';
import { wrapBackend } from '../backends/middleware/wrap-backend.js';
import type { BackendMiddleware, ChatBackend } from '../spec/chat.js';
import type { TraceStore } from '../spec/store.js';

/** Options of a worker's backends. */
export interface WorkerBackendPoolOptions {
  /** The shared store: its completion cache serves every worker. */
  store: TraceStore;
  /** Forbid cache misses. */
  replay: boolean;
  /** The global limits (see `globalLimitMiddleware`). */
  limits: { slots: BackendMiddleware; rate: BackendMiddleware };
  llama?: { threads?: number; contextSize?: number; cacheDir?: string; quiet?: boolean; sequences?: number };
}

/**
 * The backends of a worker process: each spec created once and shared by
 * every run the worker serves, wrapped like the local runner's
 * (`BackendPool`) with the per-process limiter replaced by the global one:
 * accounting, then the shared cache (hits never wait for a slot), then the
 * global slots, retries, the global request rate, and the backend. API
 * keys come from this worker's environment (specs name only the variable).
 */
export class WorkerBackendPool {
  private readonly backends = new Map<string, Promise<ChatBackend>>();

  constructor(private readonly options: WorkerBackendPoolOptions) {}

  get(spec: string): Promise<ChatBackend> {
    let backend = this.backends.get(spec);
    if (backend === undefined) {
      backend = this.create(spec);
      // A spec that failed to build (missing package, bad model file) is tried again by the next job.
      backend.catch(() => this.backends.delete(spec));
      this.backends.set(spec, backend);
    }
    return backend;
  }

  private async create(spec: string): Promise<ChatBackend> {
    const raw = await createBackend(spec, this.options.llama === undefined ? {} : { llama: this.options.llama });
    return wrapBackend(raw, accountingMiddleware(), cacheMiddleware(this.options.store, { replay: this.options.replay }), this.options.limits.slots, retryMiddleware(), this.options.limits.rate);
  }

  /** Closes every backend created. */
  async close(): Promise<void> {
    const created = await Promise.allSettled(this.backends.values());
    await Promise.all(created.map((result) => (result.status === 'fulfilled' ? result.value.close?.() : undefined)));
  }
}
