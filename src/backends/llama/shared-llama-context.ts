import type { CustomBatchingPrioritizationStrategy, Llama, LlamaContext, LlamaModel } from 'node-llama-cpp';
import { loadLlamaRuntime } from './llama-runtime.js';
import { SequencePool } from './sequence-pool.js';

/** How a context is created; part of the sharing key. */
export interface ContextSettings {
  /** CPU threads; undefined uses node-llama-cpp's default. */
  threads: number | undefined;
  /** Tokens per sequence. */
  contextSize: number | undefined;
  /** Parallel sequences (concurrent calls) of the context. */
  sequences: number;
  /** Decode tokens of several sequences in one batch (see `LlamaBackendOptions.shareBatches`). */
  shareBatches: boolean;
  quiet: boolean;
}

/** A loaded model with a context and its sequence pool, shared by reference count. */
export interface SharedLlamaContext {
  readonly llama: Llama;
  readonly model: LlamaModel;
  readonly context: LlamaContext;
  readonly pool: SequencePool;
}

/** A holder's handle; `release` drops its reference (once). */
export interface LlamaContextLease extends SharedLlamaContext {
  release(): Promise<void>;
}

interface Entry<T> {
  value: Promise<T>;
  references: number;
}

// Why two levels: agents with the same file share one model in memory even when
// their context settings differ; agents with equal settings also share a context.
const models = new Map<string, Entry<LlamaModel>>();
const contexts = new Map<string, Entry<SharedLlamaContext>>();

// Beyond this a context's KV cache outgrows small machines; debates fit well within it.
const DEFAULT_MAX_CONTEXT = 8192;

/**
 * Acquires the shared context for a model file and settings, loading the
 * model and creating the context on first use. Each acquire must be matched
 * by one `release`; the last release disposes the context, then the model.
 */
export async function acquireLlamaContext(modelPath: string, settings: ContextSettings): Promise<LlamaContextLease> {
  const key = JSON.stringify([modelPath, settings.threads ?? null, settings.contextSize ?? null, settings.sequences, settings.shareBatches]);
  let entry = contexts.get(key);
  if (entry === undefined) {
    const created: Entry<SharedLlamaContext> = { value: createShared(modelPath, settings), references: 0 };
    contexts.set(key, created);
    created.value.catch(() => {
      if (contexts.get(key) === created) contexts.delete(key);
    });
    entry = created;
  }
  entry.references++;
  const owned = entry;
  let shared: SharedLlamaContext;
  try {
    shared = await owned.value;
  } catch (error) {
    owned.references--;
    throw error;
  }

  let released = false;
  return {
    ...shared,
    release: async () => {
      if (released) return;
      released = true;
      owned.references--;
      if (owned.references > 0) return;
      if (contexts.get(key) === owned) contexts.delete(key);
      await shared.context.dispose();
      await releaseModel(modelPath);
    },
  };
}

async function createShared(modelPath: string, settings: ContextSettings): Promise<SharedLlamaContext> {
  const llama = await loadLlamaRuntime({ quiet: settings.quiet });
  const model = await acquireModel(llama, modelPath);
  try {
    const context = await model.createContext({
      sequences: settings.sequences,
      contextSize: settings.contextSize ?? { max: Math.min(DEFAULT_MAX_CONTEXT, model.trainContextSize) },
      ...(settings.threads === undefined ? {} : { threads: settings.threads }),
      ...(settings.shareBatches ? {} : { batching: { itemPrioritizationStrategy: oneSequencePerBatch } }),
    });
    return { llama, model, context, pool: new SequencePool(context) };
  } catch (error) {
    await releaseModel(modelPath);
    throw error;
  }
}

/**
 * Puts the tokens of only one sequence in each decode batch. Batching several
 * sequences together changes floating-point sums in the matrix products, so a
 * seeded reply would depend on which calls happened to run alongside it;
 * alone in its batch, it is the same whatever the concurrency.
 */
const oneSequencePerBatch: CustomBatchingPrioritizationStrategy = ({ items, size }) => {
  const first = items[0];
  return first === undefined ? [] : [{ item: first, processAmount: Math.min(first.tokens.length, size) }];
};

async function acquireModel(llama: Llama, modelPath: string): Promise<LlamaModel> {
  let entry = models.get(modelPath);
  if (entry === undefined) {
    const created: Entry<LlamaModel> = { value: llama.loadModel({ modelPath }), references: 0 };
    models.set(modelPath, created);
    created.value.catch(() => {
      if (models.get(modelPath) === created) models.delete(modelPath);
    });
    entry = created;
  }
  entry.references++;
  try {
    return await entry.value;
  } catch (error) {
    entry.references--;
    throw error;
  }
}

async function releaseModel(modelPath: string): Promise<void> {
  const entry = models.get(modelPath);
  if (entry === undefined) return;
  entry.references--;
  if (entry.references > 0) return;
  models.delete(modelPath);
  const model = await entry.value;
  await model.dispose();
}
