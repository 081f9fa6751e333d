import type { LlamaModel } from 'node-llama-cpp';
import { loadLlamaRuntime } from '../../backends/llama/llama-runtime.js';

/** A holder's share of a loaded GGUF model; `release` drops it (once). */
export interface LlamaModelLease {
  readonly model: LlamaModel;
  release(): Promise<void>;
}

interface Entry {
  model: Promise<LlamaModel>;
  references: number;
}

// Embedding models are loaded through the process-wide runtime, one copy
// per file however many providers use it. (Chat backends keep their own
// table in shared-llama-context.ts; an embedding GGUF is rarely also an agent.)
const models = new Map<string, Entry>();

/** Loads (or shares) a GGUF model for embeddings. */
export async function loadLlamaEmbeddingModel(modelPath: string, quiet: boolean): Promise<LlamaModelLease> {
  let entry = models.get(modelPath);
  if (entry === undefined) {
    const created: Entry = { model: loadLlamaRuntime({ quiet }).then((llama) => llama.loadModel({ modelPath })), references: 0 };
    models.set(modelPath, created);
    created.model.catch(() => {
      if (models.get(modelPath) === created) models.delete(modelPath);
    });
    entry = created;
  }
  entry.references++;
  const owned = entry;
  let model: LlamaModel;
  try {
    model = await owned.model;
  } catch (error) {
    owned.references--;
    throw error;
  }
  let released = false;
  return {
    model,
    release: async () => {
      if (released) return;
      released = true;
      owned.references--;
      if (owned.references > 0) return;
      if (models.get(modelPath) === owned) models.delete(modelPath);
      await model.dispose();
    },
  };
}
