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
  /**
   * Chat-model calls made so far, for providers that classify with a chat
   * model (`llm:`): the audit records the difference over its pass.
   * Absent for providers that call no chat model.
   */
  modelCalls?(): AuditModelCalls;
  close?(): Promise<void>;
}

/** Chat-model calls of an audit model, cumulative (the shape of the accounting middleware's totals). */
export interface AuditModelCalls {
  /** Calls that returned a reply, cache hits included. */
  calls: number;
  /** Replies served from the completion cache (no request was sent). */
  cacheHits: number;
  /** Calls that failed. */
  failures: number;
  /** Tokens of the calls that reached the model (cache hits spent none). */
  promptTokens: number;
  cachedPromptTokens: number;
  completionTokens: number;
  /** US dollars of the priced calls (cache hits cost 0). */
  costUsd: number;
  /** Calls that reached the model without a price: `costUsd` leaves them out. */
  unpricedCalls: number;
  latencyMs: number;
}
