import type { NliProvider } from '../spec/audit.js';
import { ConfigError } from '../spec/errors.js';
import { auditCacheDir } from './audit-cache-dir.js';
import { parseAuditModelSpec } from './audit-model-spec.js';
import type { AuditProviderOptions } from './audit-provider-options.js';
import { parseLabelOrder } from './nli-label-map.js';
import { isOffline } from './provider-settings.js';

/** The offline fallback NLI model. */
export const DEFAULT_NLI_MODEL = 'heuristic';

/**
 * Creates an NLI provider from a spec (docs/audit-models.md): `heuristic[#rules=aligned|lexical]`,
 * `transformers:<model id or folder>[#dtype=q8&batch-size=N&labels=…]`,
 * `http:<base-url>[#key-env=VAR&timeout-ms=N&batch-size=N&path=/predict&labels=…]`.
 * `llm:<chat backend spec>[#batch-size=N&max-reply=N&concurrency=N&key-env=VAR&timeout-ms=N]`.
 * `labels` gives the classes of generic `LABEL_<i>` outputs in order.
 */
export async function createNliProvider(spec: string, options: AuditProviderOptions = {}): Promise<NliProvider> {
  const parsed = parseAuditModelSpec(spec, 'nli');
  const env = options.env ?? process.env;
  switch (parsed.kind) {
    case 'heuristic': {
      parsed.options.allowOnly(['rules']);
      const rules = parsed.options.string('rules') ?? 'aligned';
      if (rules !== 'aligned' && rules !== 'lexical') throw new ConfigError(`${parsed.id}: rules must be aligned or lexical, got "${rules}"`, 'heuristic (aligned, the default) or heuristic#rules=lexical (the earlier rules)');
      const { createHeuristicNliProvider } = await import('./heuristic/heuristic-nli-provider.js');
      return createHeuristicNliProvider(parsed.id, rules);
    }
    case 'transformers': {
      parsed.options.allowOnly(['dtype', 'batch-size', 'labels', 'threads']);
      const labels = parseLabelOrder(parsed.id, parsed.options.string('labels'));
      const { loadTransformersPipeline, transformersSource } = await import('./transformers/load-transformers-pipeline.js');
      const { DEFAULT_TRANSFORMERS_NLI_BATCH, TransformersNliProvider } = await import('./transformers/transformers-nli-provider.js');
      const pipe = await loadTransformersPipeline(parsed.id, 'text-classification', transformersSource(parsed.id, parsed.target), {
        cacheDir: auditCacheDir('transformers', env, options.cacheDir),
        offline: options.offline ?? isOffline(env),
        quiet: options.quiet ?? false,
        dtype: parsed.options.string('dtype'),
        threads: parsed.options.positiveInteger('threads') ?? options.threads,
        probeTimeoutMs: options.probeTimeoutMs,
      });
      return new TransformersNliProvider(parsed.id, pipe, parsed.options.positiveInteger('batch-size') ?? options.batchSize ?? DEFAULT_TRANSFORMERS_NLI_BATCH, labels);
    }
    case 'http': {
      const { HTTP_OPTIONS, httpEndpoint } = await import('./http/http-endpoint.js');
      parsed.options.allowOnly([...HTTP_OPTIONS, 'labels']);
      const labels = parseLabelOrder(parsed.id, parsed.options.string('labels'));
      const { DEFAULT_HTTP_NLI_BATCH, HttpNliProvider } = await import('./http/http-nli-provider.js');
      return new HttpNliProvider(parsed.id, httpEndpoint(parsed, '/predict', options), parsed.options.positiveInteger('batch-size') ?? options.batchSize ?? DEFAULT_HTTP_NLI_BATCH, labels);
    }
    case 'llm': {
      const { createLlmChatBackend, DEFAULT_LLM_CONCURRENCY, LLM_BACKEND_OPTIONS } = await import('./llm/llm-chat-backend.js');
      parsed.options.allowOnly([...LLM_BACKEND_OPTIONS, 'batch-size', 'max-reply', 'concurrency']);
      const { DEFAULT_LLM_NLI_BATCH, LlmNliProvider } = await import('./llm/llm-nli-provider.js');
      const { backend, accounting, target } = await createLlmChatBackend(parsed, options, parsed.options.positiveInteger('concurrency') ?? DEFAULT_LLM_CONCURRENCY);
      const maxTokens = parsed.options.positiveInteger('max-reply');
      return new LlmNliProvider(parsed.id, backend, accounting, {
        batchSize: parsed.options.positiveInteger('batch-size') ?? options.batchSize ?? DEFAULT_LLM_NLI_BATCH,
        ...(maxTokens === undefined ? {} : { maxTokens }),
        target,
      });
    }
    default:
      throw new ConfigError(`NLI model kind ${parsed.kind} is not supported`);
  }
}
