import type { EmbeddingProvider } from '../../spec/audit.js';
import { AuditModelError } from '../audit-model-error.js';
import { batchesByLength } from '../batch-by-length.js';
import type { LoadedPipeline } from './load-transformers-pipeline.js';

/** Default texts per ONNX call. */
export const DEFAULT_TRANSFORMERS_EMBEDDING_BATCH = 32;

interface FeatureTensor {
  dims: number[];
  data: Float32Array;
}

type FeatureExtractor = (texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<FeatureTensor>;

/**
 * Sentence embeddings from a transformers.js `feature-extraction` pipeline:
 * mean pooling over tokens, L2-normalised (the sentence-transformers recipe
 * of all-MiniLM-L6-v2 and similar models). `prefix` is put before every
 * text (instruction-tuned models such as Stella want one).
 */
export class TransformersEmbeddingProvider implements EmbeddingProvider {
  private knownDimensions: number | undefined;

  constructor(
    readonly id: string,
    private readonly pipe: LoadedPipeline,
    private readonly batchSize: number,
    private readonly prefix: string,
  ) {}

  get dimensions(): number | undefined {
    return this.knownDimensions;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const vectors: Float32Array[] = new Array(texts.length);
    const usable = texts.map((text, index) => ({ text, index })).filter((item) => item.text.trim() !== '');
    for (const batch of batchesByLength(usable.map((item) => item.text.length), this.batchSize)) {
      const items = batch.map((position) => usable[position]!);
      const rows = await this.run(items.map((item) => this.prefix + item.text));
      items.forEach((item, k) => {
        vectors[item.index] = rows[k]!;
      });
    }
    if (usable.length < texts.length) {
      // A text with no content gets the zero vector (the interface's rule), not the embedding of "[CLS] [SEP]".
      const dimensions = this.knownDimensions ?? (await this.run(['.']))[0]!.length;
      texts.forEach((text, index) => {
        if (text.trim() === '') vectors[index] = new Float32Array(dimensions);
      });
    }
    return vectors;
  }

  async close(): Promise<void> {
    await (this.pipe as unknown as { dispose(): Promise<void> }).dispose();
  }

  private async run(texts: string[]): Promise<Float32Array[]> {
    const extract = this.pipe as unknown as FeatureExtractor;
    const output = await extract(texts, { pooling: 'mean', normalize: true });
    const [rows, width] = output.dims;
    if (output.dims.length !== 2 || rows !== texts.length || width === undefined) {
      throw new AuditModelError(this.id, 'bad-output', `feature extraction returned a tensor of shape [${output.dims.join(', ')}] for ${texts.length} texts`, {
        hint: 'use a sentence-embedding model whose ONNX export outputs last_hidden_state',
      });
    }
    this.knownDimensions = width;
    return Array.from({ length: rows }, (_, row) => output.data.slice(row * width, (row + 1) * width));
  }
}
