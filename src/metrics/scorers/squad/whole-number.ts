import { findNumbers } from '../../../parsing/numeric-answer.js';

/** A text that is one number and nothing else: its value (scale word applied) and whether it was a percentage. */
export interface WholeNumber {
  value: number;
  percent: boolean;
}

/**
 * The number a text consists of ("-0.2", "−0.2", "1,000", "$5", "12%",
 * "3 million", a final period allowed), or undefined when the text is not
 * just one number ("5 apples", "3 or 4", "(5)").
 */
export function wholeNumber(text: string): WholeNumber | undefined {
  const trimmed = text.trim().replace(/\.$/, '');
  const mentions = findNumbers(trimmed);
  const only = mentions[0];
  if (mentions.length !== 1 || only === undefined || only.start !== 0 || only.end !== trimmed.length) return undefined;
  return { value: only.value * only.scale, percent: only.percent };
}
