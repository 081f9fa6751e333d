import type { CachedCompletion } from '../../spec/store.js';

/** Where completions are cached. `TraceStore` implements it; so does `MemoryCompletionCache`. */
export interface CompletionCache {
  getCompletion(key: string): Promise<CachedCompletion | undefined>;
  /** Stores a completion; an existing key keeps its first value. */
  putCompletion(key: string, value: CachedCompletion): Promise<void>;
}

/** A completion cache in memory (tests, one-off runs without a store). */
export class MemoryCompletionCache implements CompletionCache {
  readonly #entries = new Map<string, CachedCompletion>();

  /** Number of cached completions. */
  get size(): number {
    return this.#entries.size;
  }

  async getCompletion(key: string): Promise<CachedCompletion | undefined> {
    const entry = this.#entries.get(key);
    return entry === undefined ? undefined : structuredClone(entry);
  }

  async putCompletion(key: string, value: CachedCompletion): Promise<void> {
    // Cloned both ways, like a real store: callers cannot change what is cached.
    if (!this.#entries.has(key)) this.#entries.set(key, structuredClone(value));
  }
}
