/**
 * Interfaces of the audit models (DESIGN §6, §9). Metrics read traces and
 * call these providers; they never call a chat backend.
 */

/** Turns texts into vectors. */
export interface EmbeddingProvider {
  /** Spec the provider was created from (e.g. `wordvec`, `transformers:<model>`), recorded in audits. */
  readonly id: string;
  /** Vector length. Known after the first call for some providers. */
  readonly dimensions: number | undefined;
  /**
   * Embeds texts, in order. Vectors need not be normalised; metrics
   * L2-normalise them. A text with no usable content gives a zero vector.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  close?(): Promise<void>;
}

/** Probabilities of the three NLI classes for one (premise, hypothesis) pair. */
export interface NliScores {
  entailment: number;
  neutral: number;
  contradiction: number;
}

/** One (premise, hypothesis) pair. */
export interface NliPair {
  premise: string;
  hypothesis: string;
}

/** Natural-language inference: does the premise entail or contradict the hypothesis? */
export interface NliProvider {
  /** Spec the provider was created from (e.g. `heuristic`, `transformers:<model>`), recorded in audits. */
  readonly id: string;
  /** Scores pairs, in order (batched by the caller across a whole corpus). */
  classify(pairs: readonly NliPair[]): Promise<NliScores[]>;
  close?(): Promise<void>;
}
