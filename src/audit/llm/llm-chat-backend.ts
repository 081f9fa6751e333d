import { formatBackendSpec, parseBackendSpec, type BackendSpec } from '../../backends/backend-spec.js';
import { createBackend } from '../../backends/create-backend.js';
import { accountingMiddleware, type AccountingMiddleware } from '../../backends/middleware/accounting-middleware.js';
import { cacheMiddleware } from '../../backends/middleware/cache-middleware.js';
import { MemoryCompletionCache } from '../../backends/middleware/completion-cache.js';
import { concurrencyMiddleware } from '../../backends/middleware/concurrency-middleware.js';
import { retryMiddleware } from '../../backends/middleware/retry-middleware.js';
import { wrapBackend } from '../../backends/middleware/wrap-backend.js';
import type { ChatBackend } from '../../spec/chat.js';
import { ConfigError } from '../../spec/errors.js';
import type { AuditModelSpec } from '../audit-model-spec.js';
import type { AuditProviderOptions } from '../audit-provider-options.js';

/** Options of an `llm:` spec that belong to the chat backend spec (`openai:…#key-env=VAR&timeout-ms=N`). */
export const LLM_BACKEND_OPTIONS = ['key-env', 'timeout-ms'] as const;

/** Default calls in flight at once to the model. */
export const DEFAULT_LLM_CONCURRENCY = 4;

const FORMS = 'llm:<chat backend spec>, e.g. llm:openai:qwen2.5-7b@http://127.0.0.1:8000/v1 or llm:llama:./model.gguf (docs/audit-models.md)';

/**
 * The chat backend spec inside an `llm:` spec: the target, with the
 * backend's own options (`key-env`, `timeout-ms`) given back to it.
 */
export function llmBackendSpec(spec: AuditModelSpec): BackendSpec {
  const options = LLM_BACKEND_OPTIONS.flatMap((name) => {
    const value = spec.options.string(name);
    return value === undefined ? [] : [`${name}=${value}`];
  });
  const text = options.length === 0 ? spec.target : `${spec.target}#${options.join('&')}`;
  let parsed: BackendSpec;
  try {
    parsed = parseBackendSpec(text);
  } catch (error) {
    throw new ConfigError(`model "${spec.id}": ${(error as Error).message}`, FORMS);
  }
  if (parsed.kind === 'llama' && options.length > 0) throw new ConfigError(`model "${spec.id}": key-env and timeout-ms apply to openai: backends only`, FORMS);
  return parsed;
}

/** A chat backend wrapped for audit use, and the accounting that counts its calls. */
export interface LlmChatBackend {
  backend: ChatBackend;
  accounting: AccountingMiddleware;
  /** Where requests go, for error messages: the base URL, or the model of an in-process backend. */
  target: string;
}

/**
 * Creates the chat backend of an `llm:` spec with the standard middleware
 * (the run's order, `BackendPool`): accounting outside the completion cache
 * (hits count as free calls), the cache outside the concurrency limit,
 * retries innermost. The cache is the caller's (the audit passes its trace
 * store, so a second audit of the same pairs sends nothing), else one in
 * memory for this provider's life.
 */
export async function createLlmChatBackend(spec: AuditModelSpec, options: AuditProviderOptions, concurrency: number): Promise<LlmChatBackend> {
  const parsed = llmBackendSpec(spec);
  const raw = await createBackend(parsed, {
    openai: { ...(options.env === undefined ? {} : { env: options.env }), ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) },
    llama: { ...(options.threads === undefined ? {} : { threads: options.threads }), ...(options.quiet === undefined ? {} : { quiet: options.quiet }) },
  });
  const accounting = accountingMiddleware(options.prices);
  const backend = wrapBackend(
    raw,
    accounting,
    cacheMiddleware(options.completionCache ?? new MemoryCompletionCache()),
    concurrencyMiddleware(concurrency),
    retryMiddleware(options.sleep === undefined ? {} : { sleep: (milliseconds) => options.sleep!(milliseconds) }),
  );
  return { backend, accounting, target: parsed.kind === 'openai' ? parsed.baseUrl : formatBackendSpec(parsed) };
}
