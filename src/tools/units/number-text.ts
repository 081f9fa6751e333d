import { findNumbers } from '../../parsing/numeric-answer.js';

/** A number read from a cell or a short value. */
export interface NumberText {
  value: number;
  /** Written with `%`. */
  percent: boolean;
}

// A whole cell that is one number: currency, grouping commas, FinQA's spaced "$ 2457", accounting "(3.1)", trailing "%".
const WHOLE_NUMBER = /^(?<open>\()?\s*(?<sign>[-−–+])?\s*[$€£¥]?\s*(?<sign2>[-−–])?\s*(?<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)\s*(?<percent>%)?\s*(?<close>\))?$/u;

/**
 * Reads a cell or value that is exactly one number ("$ 2457", "1,571.7",
 * "(3.1)", "-8683", "27.9%", "14 %"). Accounting parentheses make the number
 * negative. Returns undefined for anything else ("2019 restated", "n/a").
 */
export function parseNumberText(text: string): NumberText | undefined {
  const match = WHOLE_NUMBER.exec(text.trim());
  if (match === null) return undefined;
  const groups = match.groups ?? {};
  if ((groups['open'] === undefined) !== (groups['close'] === undefined)) return undefined;
  const negative = groups['open'] !== undefined || (groups['sign'] ?? groups['sign2'] ?? '').replace('+', '') !== '';
  const value = Number(groups['digits']!.replace(/,/g, ''));
  return { value: negative ? -value : value, percent: groups['percent'] !== undefined };
}

/**
 * Every number written in a text, as values (signs applied; "(3.1)" also as
 * -3.1). Used to check that a looked-up or cited number occurs in a cell or
 * passage, so both the written magnitude and its accounting sign count.
 */
export function numbersInText(text: string): number[] {
  const values = findNumbers(text).map((mention) => mention.value);
  for (const match of text.matchAll(/\(\s*[$€£¥]?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*%?\s*\)/g)) {
    values.push(-Number(match[1]!.replace(/,/g, '')));
  }
  return values;
}

/**
 * Whether two numbers are the same value as written: equal after rounding
 * the longer one to the shorter one's decimals would be too lenient for
 * provenance, so this is equality up to floating-point noise.
 */
export function sameNumber(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}
