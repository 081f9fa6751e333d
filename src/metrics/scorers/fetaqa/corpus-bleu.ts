import { tokenize13a } from './tokenize-13a.js';

const MAX_ORDER = 4;

/** BLEU and its sufficient statistics, as sacreBLEU reports them (score on a 0–100 scale). */
export interface BleuScore {
  score: number;
  /** Matched n-grams per order 1..4. */
  counts: number[];
  /** Hypothesis n-grams per order 1..4. */
  totals: number[];
  precisions: number[];
  bp: number;
  sysLen: number;
  refLen: number;
}

/** Smoothing of zero n-gram matches: `exp` (sacreBLEU's default, mteval's NIST smoothing) or `none`. */
export type BleuSmoothing = 'exp' | 'none';

/**
 * sacreBLEU's corpus BLEU with its defaults (mjpost/sacrebleu
 * `metrics/bleu.py`, 2.x): 13a tokenisation, case kept, n-grams up to 4,
 * exponential smoothing, no effective order. `references[i]` are the
 * references of `hypotheses[i]`; each hypothesis takes the reference length
 * closest to its own (the shorter one on a tie) and n-gram counts clipped by
 * the maximum count over its references.
 */
export function corpusBleu(hypotheses: readonly string[], references: ReadonlyArray<readonly string[]>, smoothing: BleuSmoothing = 'exp'): BleuScore {
  const counts = new Array<number>(MAX_ORDER).fill(0);
  const totals = new Array<number>(MAX_ORDER).fill(0);
  let sysLen = 0;
  let refLen = 0;
  hypotheses.forEach((hypothesis, index) => {
    const refs = (references[index] ?? []).map((reference) => tokenize13a(reference).split(' ').filter((token) => token !== ''));
    const maxRef = new Map<string, number>();
    for (const tokens of refs) for (const [gram, count] of ngramCounts(tokens)) maxRef.set(gram, Math.max(maxRef.get(gram) ?? 0, count));
    const tokens = tokenize13a(hypothesis).split(' ').filter((token) => token !== '');
    sysLen += tokens.length;
    refLen += closestLength(tokens.length, refs.map((ref) => ref.length));
    for (const [gram, count] of ngramCounts(tokens)) {
      const order = gram.split(' ').length - 1;
      totals[order]! += count;
      counts[order]! += Math.min(count, maxRef.get(gram) ?? 0);
    }
  });
  return computeBleu(counts, totals, sysLen, refLen, smoothing);
}

/**
 * BLEU from sufficient statistics (`BLEU.compute_bleu`): brevity penalty
 * exp(1 − r/c) when c < r; no match at all scores 0; an order with zero
 * matches gets 100 / (2^k · total) under `exp` smoothing (k counting such
 * orders), 0 under `none`; the geometric mean over orders 1..4, or over the
 * orders up to the last with n-grams when `effectiveOrder` (sentence BLEU).
 */
export function computeBleu(counts: readonly number[], totals: readonly number[], sysLen: number, refLen: number, smoothing: BleuSmoothing = 'none', effectiveOrder = false): BleuScore {
  const bp = sysLen < refLen ? (sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0) : 1;
  const precisions = new Array<number>(MAX_ORDER).fill(0);
  const result = (score: number): BleuScore => ({ score, counts: [...counts], totals: [...totals], precisions, bp, sysLen, refLen });
  if (!counts.some((count) => count > 0)) return result(0);
  let smooth = 1;
  let order = MAX_ORDER;
  for (let n = 1; n <= MAX_ORDER; n += 1) {
    const total = totals[n - 1] ?? 0;
    const count = counts[n - 1] ?? 0;
    if (total === 0) break;
    if (effectiveOrder) order = n;
    if (count === 0) {
      if (smoothing === 'exp') {
        smooth *= 2;
        precisions[n - 1] = 100 / (smooth * total);
      }
    } else {
      precisions[n - 1] = (100 * count) / total;
    }
  }
  // sacreBLEU's my_log: log(0) is floored at −9999999999, so a zero precision makes the score 0.
  const logSum = precisions.slice(0, order).reduce((sum, precision) => sum + (precision === 0 ? -9999999999 : Math.log(precision)), 0);
  return result(bp * Math.exp(logSum / order));
}

function ngramCounts(tokens: readonly string[]): Map<string, number> {
  const grams = new Map<string, number>();
  for (let n = 1; n <= MAX_ORDER; n += 1) {
    for (let i = 0; i + n <= tokens.length; i += 1) {
      const gram = tokens.slice(i, i + n).join(' ');
      grams.set(gram, (grams.get(gram) ?? 0) + 1);
    }
  }
  return grams;
}

function closestLength(length: number, lengths: readonly number[]): number {
  let best = -1;
  let bestDiff = -1;
  for (const candidate of lengths) {
    const diff = Math.abs(length - candidate);
    if (bestDiff === -1 || diff < bestDiff || (diff === bestDiff && candidate < best)) {
      bestDiff = diff;
      best = candidate;
    }
  }
  return best === -1 ? 0 : best;
}
