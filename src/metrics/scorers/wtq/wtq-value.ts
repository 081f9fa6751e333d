import { parsePythonFloat, parsePythonInt } from '../python/python-number-parse.js';
import { wtqNormalize } from './wtq-normalize.js';

/**
 * A value of the WikiTableQuestions evaluator: a string, a number (a Python
 * int as a bigint, a float as a number) or a date (−1 for an unknown field),
 * each with the normalised form of its original string.
 */
export type WtqValue =
  | { kind: 'string'; normalized: string }
  | { kind: 'number'; amount: bigint | number; normalized: string }
  | { kind: 'date'; year: number; month: number; day: number; normalized: string };

/** `NumberValue.parse`: Python 2's `int()`, else a finite `float()`, else nothing. */
export function parseWtqNumber(text: string): bigint | number | undefined {
  const integer = parsePythonInt(text, 2);
  if (integer !== undefined) return integer;
  const float = parsePythonFloat(text, 2);
  return float !== undefined && Number.isFinite(float) ? float : undefined;
}

/** `DateValue.parse`: `yyyy-mm-dd` with `xx` (year also `xxxx`) for unknown fields; month 1–12, day 1–31, not all unknown. */
export function parseWtqDate(text: string): [number, number, number] | undefined {
  const parts = text.toLowerCase().split('-');
  if (parts.length !== 3) return undefined;
  const field = (part: string, unknown: readonly string[]): number | undefined => {
    if (unknown.includes(part)) return -1;
    const value = parsePythonInt(part, 2);
    return value === undefined ? undefined : Number(value);
  };
  const year = field(parts[0]!, ['xx', 'xxxx']);
  const month = field(parts[1]!, ['xx']);
  const day = field(parts[2]!, ['xx']);
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (year === -1 && month === -1 && day === -1) return undefined;
  if (month !== -1 && (month < 1 || month > 12)) return undefined;
  if (day !== -1 && (day < 1 || day > 31)) return undefined;
  return [year, month, day];
}

/** `NumberValue(amount)`: a float within 1e-6 of a whole number becomes Python's `int(amount)`, which truncates. */
function numberAmount(amount: bigint | number): bigint | number {
  if (typeof amount === 'bigint') return amount;
  return Math.abs(amount - Math.round(amount)) < 1e-6 ? BigInt(Math.trunc(amount)) : amount;
}

/**
 * `to_value(original, corenlp)`: the CoreNLP canonical form when given (else
 * the original) decides the type — a number, a date (a year alone is a
 * number), otherwise a string; the normalised original is kept for string
 * matching.
 */
export function toWtqValue(original: string, canonical?: string): WtqValue {
  const typed = canonical === undefined || canonical === '' ? original : canonical;
  const amount = parseWtqNumber(typed);
  if (amount !== undefined) return { kind: 'number', amount: numberAmount(amount), normalized: wtqNormalize(original) };
  const date = parseWtqDate(typed);
  if (date !== undefined) {
    const [year, month, day] = date;
    if (month === -1 && day === -1) return { kind: 'number', amount: BigInt(year), normalized: wtqNormalize(original) };
    return { kind: 'date', year, month, day, normalized: wtqNormalize(original) };
  }
  return { kind: 'string', normalized: wtqNormalize(original) };
}

/** Python's exact `==` between ints and floats (an int and a float are equal only when the float is that whole number). */
function sameAmount(a: bigint | number, b: bigint | number): boolean {
  // Loose equality compares a bigint and a number by exact mathematical value, as Python does.
  return a == b;
}

/** `__eq__` (and `__hash__`), which the evaluator's `set()` uses to drop duplicates: same type and same amount, date or normalised string. */
export function sameWtqValue(a: WtqValue, b: WtqValue): boolean {
  if (a.kind === 'string' && b.kind === 'string') return a.normalized === b.normalized;
  if (a.kind === 'number' && b.kind === 'number') return sameAmount(a.amount, b.amount);
  if (a.kind === 'date' && b.kind === 'date') return a.year === b.year && a.month === b.month && a.day === b.day;
  return false;
}

/** `match`: equal normalised strings, or two numbers within 1e-6, or two dates with equal fields. */
export function wtqValuesMatch(a: WtqValue, b: WtqValue): boolean {
  if (a.normalized === b.normalized) return true;
  if (a.kind === 'number' && b.kind === 'number') {
    if (typeof a.amount === 'bigint' && typeof b.amount === 'bigint') return a.amount === b.amount;
    return Math.abs(Number(a.amount) - Number(b.amount)) < 1e-6;
  }
  if (a.kind === 'date' && b.kind === 'date') return a.year === b.year && a.month === b.month && a.day === b.day;
  return false;
}
