import type { CompletionCache } from '../backends/middleware/completion-cache.js';
import type { PriceTable } from '../backends/prices.js';

/** Settings shared by the embedding and NLI factories; each provider reads what applies to it. */
export interface AuditProviderOptions {
  /** Environment for QUORUM_CACHE_DIR, QUORUM_OFFLINE, QUORUM_LLAMA_THREADS and API keys. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /**
   * Root of quorum's cache (like `$QUORUM_CACHE_DIR`): converted word vectors
   * go to `<cacheDir>/wordvec`, downloaded transformers models to
   * `<cacheDir>/transformers`. Default: `$QUORUM_CACHE_DIR`, else `<user cache>/quorum`.
   */
  cacheDir?: string;
  /** No progress bar or download notes on stderr. */
  quiet?: boolean;
  /** Never download (transformers model ids must already be cached). Default: `QUORUM_OFFLINE=1`. */
  offline?: boolean;
  /** CPU threads for in-process models (llama, ONNX Runtime). Tests pin 1. */
  threads?: number;
  /** Texts or pairs per model call; a spec's `#batch-size=` wins. */
  batchSize?: number;
  /** HTTP: per-request timeout in milliseconds; a spec's `#timeout-ms=` wins. */
  timeoutMs?: number;
  /** HTTP: send requests through this fetch (a proxy-aware one). Default: the chat backends' node:http transport. */
  fetch?: typeof fetch;
  /** HTTP: how retries wait (tests inject a fake). Default: setTimeout. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** HTTP: uniform [0, 1) for the retry jitter (tests inject a constant). Default: `Math.random`. */
  random?: () => number;
  /** How long to wait for the model hub before declaring a download impossible. Default 5 s. */
  probeTimeoutMs?: number;
  /**
   * `llm:` NLI: where chat completions are cached by content (the audit
   * passes its trace store, so a repeated audit sends no request). Default:
   * a cache in memory that lives as long as the provider.
   */
  completionCache?: CompletionCache;
  /** `llm:` NLI: prices (USD per 1M tokens) by model name, over the built-in table. */
  prices?: PriceTable;
}
