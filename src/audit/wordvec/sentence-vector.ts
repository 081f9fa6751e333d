import { isStopWord } from '../text/stop-words.js';
import { wordTokens } from '../text/word-tokens.js';
import type { WordVectors } from './word-vectors.js';

/** How content words are weighted in the sentence vector. */
export type WordWeighting = 'sif' | 'mean';

/**
 * SIF's smoothing constant a (Arora et al. 2017, "A simple but tough-to-beat
 * baseline for sentence embeddings"): weight a / (a + p(w)).
 */
const SIF_SMOOTHING = 1e-3;

/**
 * Vector of one text: the (SIF-)weighted mean of its content words' vectors.
 * Stop words and words the table does not know are skipped; a text with no
 * known content word gives the zero vector.
 *
 * SIF weights need word probabilities; the package ships ranks, not counts,
 * so p(w) follows Zipf's law from the rank, p(r) = 1 / ((r + 1) · H(V)).
 * The first-principal-component removal of full SIF is left out on purpose:
 * it depends on the whole batch, and a text's vector must not.
 */
export function sentenceVector(text: string, table: WordVectors, weighting: WordWeighting): Float32Array {
  const sum = new Float64Array(table.dimensions);
  let totalWeight = 0;
  for (const row of contentRows(text, table)) {
    const weight = weighting === 'sif' ? SIF_SMOOTHING / (SIF_SMOOTHING + zipfProbability(row, table.size)) : 1;
    table.addRow(sum, row, weight);
    totalWeight += weight;
  }
  const vector = new Float32Array(table.dimensions);
  if (totalWeight === 0) return vector;
  for (let k = 0; k < vector.length; k++) vector[k] = sum[k]! / totalWeight;
  return vector;
}

/** Rows of the known content words of a text, in order (repeats kept). */
function contentRows(text: string, table: WordVectors): number[] {
  const rows: number[] = [];
  for (const token of wordTokens(text)) {
    if (isStopWord(token)) continue;
    const row = table.rowOf(token);
    if (row !== undefined) {
      rows.push(row);
      continue;
    }
    for (const part of fallbackParts(token)) {
      if (isStopWord(part)) continue;
      const partRow = table.rowOf(part);
      if (partRow !== undefined) rows.push(partRow);
    }
  }
  return rows;
}

/**
 * Forms to try for a word the table lacks: "beta1" → "beta-1"; a hyphenated
 * compound the table lacks → its parts ("ace-inhibitor" → "ace", "inhibitor").
 */
function fallbackParts(token: string): string[] {
  const letterDigit = /^([a-z]+)(\d+)$/.exec(token);
  if (letterDigit !== null) return [`${letterDigit[1]}-${letterDigit[2]}`];
  if (token.includes('-')) return token.split('-');
  return [];
}

const harmonicCache = new Map<number, number>();

function zipfProbability(row: number, vocabularySize: number): number {
  let harmonic = harmonicCache.get(vocabularySize);
  if (harmonic === undefined) {
    harmonic = Math.log(vocabularySize) + 0.5772156649;
    harmonicCache.set(vocabularySize, harmonic);
  }
  return 1 / ((row + 1) * harmonic);
}
