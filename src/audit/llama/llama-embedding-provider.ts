import { availableParallelism } from 'node:os';
import type { LlamaEmbeddingContext, LlamaModel } from 'node-llama-cpp';
import type { EmbeddingProvider } from '../../spec/audit.js';
import { AuditModelError } from '../audit-model-error.js';
import { loadLlamaEmbeddingModel, type LlamaModelLease } from './llama-embedding-models.js';

/** Settings of a `llama:` embedding model. */
export interface LlamaEmbeddingSettings {
  /** CPU threads; output depends on it, so reproducible audits pin it (tests: 1). */
  threads: number | undefined;
  /** Put before every text (instruction-tuned embedding models want one). */
  prefix: string;
  /** Tokens per text, at most; longer texts are cut. Default: the model's training size, at most 4096. */
  contextSize: number | undefined;
  quiet: boolean;
}

// The model's training size can be 32k+ tokens; reasoning steps are short.
const DEFAULT_MAX_CONTEXT = 4096;

/**
 * Embeddings from a GGUF model in-process (node-llama-cpp's embedding
 * context): one vector per text, as the model pools it. Texts longer than
 * the context are cut to fit. Loaded models are shared through the
 * process-wide llama runtime.
 */
export async function createLlamaEmbeddingProvider(id: string, modelPath: string, settings: LlamaEmbeddingSettings): Promise<EmbeddingProvider> {
  const lease = await loadLlamaEmbeddingModel(modelPath, settings.quiet);
  try {
    const contextSize = Math.min(settings.contextSize ?? DEFAULT_MAX_CONTEXT, lease.model.trainContextSize);
    const context = await lease.model.createEmbeddingContext({ contextSize, threads: settings.threads ?? Math.min(4, availableParallelism()) });
    return new LlamaEmbeddingProvider(id, lease, context, settings.prefix, contextSize);
  } catch (error) {
    await lease.release();
    throw new AuditModelError(id, 'load-failed', `cannot create an embedding context for ${modelPath}: ${error instanceof Error ? error.message : String(error)}`, {
      hint: 'check that the GGUF is an embedding model (or a decoder llama.cpp can pool) and that there is enough memory',
      cause: error,
    });
  }
}

class LlamaEmbeddingProvider implements EmbeddingProvider {
  private closed = false;

  constructor(
    readonly id: string,
    private readonly lease: LlamaModelLease,
    private readonly context: LlamaEmbeddingContext,
    private readonly prefix: string,
    private readonly contextSize: number,
  ) {}

  get dimensions(): number {
    return this.model.embeddingVectorSize;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (this.closed) throw new AuditModelError(this.id, 'unavailable', 'the embedding model is closed');
    const vectors: Float32Array[] = [];
    // One context evaluates one text at a time (node-llama-cpp locks it); batching would not run faster here.
    for (const text of texts) vectors.push(await this.embedOne(text));
    return vectors;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.context.dispose();
    await this.lease.release();
  }

  private get model(): LlamaModel {
    return this.lease.model;
  }

  private async embedOne(text: string): Promise<Float32Array> {
    if (text.trim() === '') return new Float32Array(this.dimensions);
    // Room for the BOS/EOS tokens the context adds; the rest of a long text is cut.
    const room = this.contextSize - 3;
    const tokens = this.model.tokenize(this.prefix + text);
    const embedding = await this.context.getEmbeddingFor(tokens.length > room ? tokens.slice(0, room) : tokens);
    return embedding.vector.length === 0 ? new Float32Array(this.dimensions) : Float32Array.from(embedding.vector);
  }
}
