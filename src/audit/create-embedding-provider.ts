import { availableParallelism } from 'node:os';
import type { EmbeddingProvider } from '../spec/audit.js';
import { ConfigError } from '../spec/errors.js';
import { auditCacheDir } from './audit-cache-dir.js';
import { parseAuditModelSpec, type AuditModelSpec } from './audit-model-spec.js';
import type { AuditProviderOptions } from './audit-provider-options.js';
import { isOffline, threadsFrom } from './provider-settings.js';

/** The offline default embedding model. */
export const DEFAULT_EMBEDDING_MODEL = 'wordvec';

/**
 * Creates an embedding provider from a spec (docs/audit-models.md):
 * `wordvec[#vocabulary=N&weighting=sif|mean]`,
 * `transformers:<model id or folder>[#dtype=q8&batch-size=N&prefix=…]`,
 * `http:<base-url>[#model=<name>&key-env=VAR&timeout-ms=N&batch-size=N&path=/embeddings&prefix=…]`,
 * `llama:<file.gguf>` or `llama:hf:<repo>:<quant>` `[#threads=N&context-size=N&prefix=…]`,
 * `llm:<chat backend spec>`: the `/embeddings` endpoint of an `openai:` spec's server
 * with its model (`llm:openai:<model>@<base-url>[#key-env=VAR&timeout-ms=N&batch-size=N&prefix=…]`),
 * or the GGUF of a `llama:` spec. Heavy dependencies load only for the kind used.
 */
export async function createEmbeddingProvider(spec: string, options: AuditProviderOptions = {}): Promise<EmbeddingProvider> {
  const parsed = parseAuditModelSpec(spec, 'embedding');
  const env = options.env ?? process.env;
  switch (parsed.kind) {
    case 'wordvec': {
      parsed.options.allowOnly(['vocabulary', 'weighting']);
      const { createWordvecEmbeddingProvider } = await import('./wordvec/wordvec-embedding-provider.js');
      return createWordvecEmbeddingProvider(parsed.id, {
        cacheDir: auditCacheDir('wordvec', env, options.cacheDir),
        vocabularySize: parsed.options.positiveInteger('vocabulary'),
        weighting: parsed.options.oneOf('weighting', ['sif', 'mean']),
      });
    }
    case 'transformers':
      return createTransformersEmbedding(parsed, options, env);
    case 'http': {
      const { HTTP_OPTIONS, httpEndpoint } = await import('./http/http-endpoint.js');
      parsed.options.allowOnly([...HTTP_OPTIONS, 'model', 'prefix']);
      const { DEFAULT_HTTP_EMBEDDING_BATCH, HttpEmbeddingProvider } = await import('./http/http-embedding-provider.js');
      return new HttpEmbeddingProvider(
        parsed.id,
        httpEndpoint(parsed, '/embeddings', options),
        parsed.options.string('model'),
        parsed.options.positiveInteger('batch-size') ?? options.batchSize ?? DEFAULT_HTTP_EMBEDDING_BATCH,
        parsed.options.string('prefix') ?? '',
      );
    }
    case 'llama':
      return createLlamaEmbedding(parsed, options, env);
    case 'llm':
      return createLlmEmbedding(parsed, options, env);
    default:
      throw new ConfigError(`embedding model kind ${parsed.kind} is not supported`);
  }
}

async function createTransformersEmbedding(spec: AuditModelSpec, options: AuditProviderOptions, env: NodeJS.ProcessEnv): Promise<EmbeddingProvider> {
  spec.options.allowOnly(['dtype', 'batch-size', 'prefix', 'threads']);
  const { loadTransformersPipeline, transformersSource } = await import('./transformers/load-transformers-pipeline.js');
  const { DEFAULT_TRANSFORMERS_EMBEDDING_BATCH, TransformersEmbeddingProvider } = await import('./transformers/transformers-embedding-provider.js');
  const pipe = await loadTransformersPipeline(spec.id, 'feature-extraction', transformersSource(spec.id, spec.target), {
    cacheDir: auditCacheDir('transformers', env, options.cacheDir),
    offline: options.offline ?? isOffline(env),
    quiet: options.quiet ?? false,
    dtype: spec.options.string('dtype'),
    threads: spec.options.positiveInteger('threads') ?? options.threads,
    probeTimeoutMs: options.probeTimeoutMs,
  });
  return new TransformersEmbeddingProvider(
    spec.id,
    pipe,
    spec.options.positiveInteger('batch-size') ?? options.batchSize ?? DEFAULT_TRANSFORMERS_EMBEDDING_BATCH,
    spec.options.string('prefix') ?? '',
  );
}

async function createLlamaEmbedding(spec: AuditModelSpec, options: AuditProviderOptions, env: NodeJS.ProcessEnv): Promise<EmbeddingProvider> {
  spec.options.allowOnly(['threads', 'prefix', 'context-size']);
  const [{ parseBackendSpec }, { resolveModelSource }, { defaultModelsDir }, { createLlamaEmbeddingProvider }] = await Promise.all([
    import('../backends/backend-spec.js'),
    import('../backends/llama/resolve-model-source.js'),
    import('../backends/llama/quorum-cache-dir.js'),
    import('./llama/llama-embedding-provider.js'),
  ]);
  let source;
  try {
    const backend = parseBackendSpec(`llama:${spec.target}`);
    if (backend.kind !== 'llama') throw new Error('not a llama spec');
    source = backend.source;
  } catch {
    throw new ConfigError(`invalid embedding model "${spec.id}"`, 'expected llama:<file.gguf> or llama:hf:<owner>/<repo>:<quant>');
  }
  const quiet = options.quiet ?? false;
  const modelPath = await resolveModelSource(source, spec.id, { cacheDir: defaultModelsDir(env), quiet, probeTimeoutMs: options.probeTimeoutMs });
  return createLlamaEmbeddingProvider(spec.id, modelPath, {
    threads: spec.options.positiveInteger('threads') ?? options.threads ?? threadsFrom(env) ?? Math.min(4, availableParallelism()),
    prefix: spec.options.string('prefix') ?? '',
    contextSize: spec.options.positiveInteger('context-size'),
    quiet,
  });
}

/**
 * `llm:` embeddings reuse a chat backend spec: an `openai:` server's
 * OpenAI-compatible `/embeddings` with the spec's model (what `http:` does
 * with `#model=`), or a `llama:` GGUF in-process.
 */
async function createLlmEmbedding(spec: AuditModelSpec, options: AuditProviderOptions, env: NodeJS.ProcessEnv): Promise<EmbeddingProvider> {
  const { LLM_BACKEND_OPTIONS, llmBackendSpec } = await import('./llm/llm-chat-backend.js');
  const backend = llmBackendSpec(spec);
  if (backend.kind === 'llama') return createLlamaEmbedding({ ...spec, kind: 'llama', target: spec.target.slice('llama:'.length) }, options, env);
  if (backend.kind !== 'openai') throw new ConfigError(`embedding model "${spec.id}": a ${backend.kind} backend has no embeddings`, 'use llm:openai:<model>@<base-url> (a server with /v1/embeddings) or llm:llama:<file.gguf>');
  spec.options.allowOnly([...LLM_BACKEND_OPTIONS, 'batch-size', 'prefix']);
  const [{ backendEndpoint }, { DEFAULT_HTTP_EMBEDDING_BATCH, HttpEmbeddingProvider }] = await Promise.all([import('./http/http-endpoint.js'), import('./http/http-embedding-provider.js')]);
  return new HttpEmbeddingProvider(
    spec.id,
    backendEndpoint(spec.id, backend, '/embeddings', { ...options, env }),
    backend.model,
    spec.options.positiveInteger('batch-size') ?? options.batchSize ?? DEFAULT_HTTP_EMBEDDING_BATCH,
    spec.options.string('prefix') ?? '',
  );
}
