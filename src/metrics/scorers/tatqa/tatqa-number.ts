import { pythonFloatRepr } from '../python/python-float-repr.js';
import { parsePythonFloat, parsePythonInt } from '../python/python-number-parse.js';
import { pythonRound } from '../python/python-round.js';
import { PYTHON_WHITESPACE, pythonSplit, pythonStrip } from '../python/python-text.js';

/**
 * A Python number as TAT-QA's utilities produce it: an int (bigint, exact at
 * any size) or a float (number). The difference shows in the text:
 * `str(1210)` is "1210", `str(1210.0)` is "1210.0".
 */
export type PythonNumber = bigint | number;

const WS = PYTHON_WHITESPACE;
const EXCLUDE_IN_NUM = new Set(['\'', '"', '\\', '$', '€', '£', '¥', '%', '(', ')', ',', '[', ']']);
const FIRST_NUMBER = /([+-]?\p{Nd}+(\.\p{Nd}+)?)|([+-]?\.\p{Nd}+)/u;
const WORD_SCALE = new RegExp(`[\\p{Nd}.]+[${WS}]?[a-zA-Z]+`, 'u');
const NEGATIVE = new RegExp(`\\([\\p{Nd}.${WS}]+\\)`, 'u');
const PERCENT = new RegExp(`[\\p{Nd}.${WS}]+%`, 'u');

/** Python's `a * b` for ints and floats: int × int stays exact, anything with a float is a float product. */
export function pythonMultiply(a: PythonNumber, b: PythonNumber): PythonNumber {
  return typeof a === 'bigint' && typeof b === 'bigint' ? a * b : Number(a) * Number(b);
}

/** Python's `round(x, digits)`: an int is returned unchanged. */
export function pythonRoundNumber(x: PythonNumber, digits: number): PythonNumber {
  return typeof x === 'bigint' ? x : pythonRound(x, digits);
}

/** Python's `str(x)`. */
export function pythonNumberText(x: PythonNumber): string {
  return typeof x === 'bigint' ? x.toString() : pythonFloatRepr(x);
}

/** `scale_to_num`: the first of hundred, thousand, million, billion, percent contained in the lower-cased text, else 1. */
export function scaleToNum(scale: string): PythonNumber {
  const text = scale.toLowerCase();
  if (text.includes('hundred')) return 100n;
  if (text.includes('thousand')) return 1000n;
  if (text.includes('million')) return 1000000n;
  if (text.includes('billion')) return 1000000000n;
  if (text.includes('percent')) return 0.01;
  return 1n;
}

/** `_clean_num`: drops quotes, backslash, currency signs, `%`, parentheses, commas and brackets. */
export function cleanNum(text: string): string {
  return [...text].filter((char) => !EXCLUDE_IN_NUM.has(char)).join('');
}

/** `extract_one_num_from_str`: the first number of the cleaned text; a first number written ".5" gives none, as in the original. */
export function extractOneNumber(text: string): PythonNumber | undefined {
  const match = FIRST_NUMBER.exec(cleanNum(text));
  if (match === null || match[1] === undefined) return undefined;
  return match[1].includes('.') ? parsePythonFloat(match[1], 3) : parsePythonInt(match[1], 3);
}

/** `is_number`: the first whitespace word (cleaned) is a Python float other than NaN, and a second word, if any, names a scale. */
export function isNumber(text: string): boolean {
  const words = pythonSplit(pythonSplit(text).map(cleanNum).join(' '));
  if (words.length === 0) return false;
  const value = parsePythonFloat(words[0]!, 3);
  if (value === undefined || Number.isNaN(value)) return false;
  return words.length < 2 || scaleToNum(words[1]!) !== 1n;
}

/** `word_scale_handle`: the scale named by the first "number word" in the text (1 when that word is no scale). */
function wordScale(text: string): PythonNumber {
  const match = WORD_SCALE.exec(text);
  return match === null ? 1n : scaleToNum(match[0]);
}

/**
 * `to_number`: the first number × the first scale word × −1 when digits
 * stand in parentheses anywhere ("(134)"; not "(1,234)", whose comma the
 * pattern does not allow) × 0.01 when digits precede a `%`, rounded to 4
 * decimals; undefined without a number.
 */
export function toNumber(text: string): PythonNumber | undefined {
  const number = extractOneNumber(text);
  if (number === undefined) return undefined;
  const negative: PythonNumber = NEGATIVE.test(text) ? -1n : 1n;
  // The original looks for the percent on the stripped text: " %5" has no digit, dot or space before its %.
  const percent: PythonNumber = PERCENT.test(pythonStrip(text)) ? 0.01 : 1n;
  return pythonRoundNumber(pythonMultiply(pythonMultiply(pythonMultiply(number, wordScale(text)), negative), percent), 4);
}
