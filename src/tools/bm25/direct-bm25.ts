import { searchTokens } from './tokenize.js';

/** Okapi BM25 parameters (wink-bm25-text-search's defaults). */
export const BM25_PARAMS = Object.freeze({ k1: 1.2, b: 0.75, k: 1 });

/** One scored document. */
export interface ScoredDocument {
  index: number;
  score: number;
}

/**
 * Okapi BM25 computed directly, with the formula and rounding of
 * wink-bm25-text-search (idf = ln((N − n + 0.5)/(n + 0.5) + 1); per-token
 * contributions rounded to 4 decimals; a repeated query token counts each
 * time). Used for libraries of fewer than 3 documents, which wink refuses
 * to consolidate, so small and large libraries rank by the same measure.
 */
export function directBm25(documents: readonly string[], query: string): ScoredDocument[] {
  const tokenized = documents.map(searchTokens);
  const total = tokenized.length;
  if (total === 0) return [];
  const averageLength = tokenized.reduce((sum, tokens) => sum + tokens.length, 0) / total || 1;
  const documentFrequency = new Map<string, number>();
  for (const tokens of tokenized) {
    for (const token of new Set(tokens)) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
  }
  const { k1, b, k } = BM25_PARAMS;
  const scores = new Map<number, number>();
  for (const token of searchTokens(query)) {
    const n = documentFrequency.get(token);
    if (n === undefined) continue;
    const idf = Math.log((total - n + 0.5) / (n + 0.5) + k);
    tokenized.forEach((tokens, index) => {
      const frequency = tokens.filter((each) => each === token).length;
      if (frequency === 0) return;
      const norm = 1 - b + b * (tokens.length / averageLength);
      const contribution = Number(((frequency * (k1 + 1)) / (k1 * norm + frequency) * idf).toFixed(4));
      scores.set(index, (scores.get(index) ?? 0) + contribution);
    });
  }
  return [...scores].map(([index, score]) => ({ index, score }));
}
