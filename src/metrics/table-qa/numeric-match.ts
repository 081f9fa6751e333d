import { findNumbers } from '../../parsing/numeric-answer.js';

/** A number as an answer states it: the value written, whether it carried `%`, and its scale word's multiplier (1 when none). */
export interface StatedValue {
  value: number;
  percent: boolean;
  scale: number;
}

/**
 * FinQA's tolerance: its evaluation compares `round(x, 5)`; relative
 * 1e-5 keeps that for small values without failing large ones on float noise.
 */
export const FINQA_TOLERANCE = 1e-5;

/** The first number of a text with its percent sign and scale word, or undefined. */
export function statedValue(text: string): StatedValue | undefined {
  const mention = findNumbers(text)[0];
  if (mention === undefined) return undefined;
  return { value: mention.value, percent: mention.percent, scale: mention.scale };
}

/**
 * Numeric match with FinQA-style tolerance and TAT-QA's scale: the two
 * values match when equal within `FINQA_TOLERANCE` (relative, at least
 * 1e-5 absolute) once each is multiplied by its scale word (thousand,
 * million, billion). A percentage matches the same number written as a
 * percentage or as a fraction (12% = 0.12), as FinQA's gold mixes both.
 */
export function numericMatch(prediction: StatedValue, gold: StatedValue): boolean {
  const predicted = prediction.value * prediction.scale;
  const expected = gold.value * gold.scale;
  const candidates = [predicted];
  if (prediction.percent !== gold.percent) candidates.push(prediction.percent ? predicted / 100 : predicted * 100);
  return candidates.some((candidate) => close(candidate, expected));
}

function close(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(FINQA_TOLERANCE, FINQA_TOLERANCE * Math.abs(b));
}

/** Numeric match of two texts; null when either has no number. */
export function numericMatchText(prediction: string | null, gold: string): boolean | null {
  const expected = statedValue(gold);
  if (expected === undefined) return null;
  const predicted = prediction === null ? undefined : statedValue(prediction);
  return predicted === undefined ? false : numericMatch(predicted, expected);
}
