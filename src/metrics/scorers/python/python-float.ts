import { PYTHON_WHITESPACE } from './python-text.js';

const SPACE = new RegExp(`[${PYTHON_WHITESPACE}]`, 'u');
const DECIMAL_DIGIT = /\p{Nd}/u;
// Python's float literal grammar (after underscores are checked and removed).
const FLOAT = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inf|infinity|nan)$/i;
// An underscore is allowed only between two digits ("1_000", not "_1", "1_", "1__0", "1_.5").
const BAD_UNDERSCORE = /(?:^|[^0-9])_|_(?:[^0-9]|$)/;

/**
 * `float(text)` as CPython 3 reads a string: Unicode whitespace around the
 * number is ignored, Unicode decimal digits count as digits, underscores may
 * group digits, and `inf`, `infinity` and `nan` are numbers. Returns
 * undefined where Python raises `ValueError`. Needed because evaluators such
 * as FinQA's decide correctness by whether `float()` accepts the answer.
 */
export function pythonFloat(text: string): number | undefined {
  let ascii = '';
  for (const char of text) {
    // ASCII passes unchanged (so U+001C is not a space here, unlike in str.split).
    if (char.codePointAt(0)! < 128) ascii += char;
    else if (SPACE.test(char)) ascii += ' ';
    else if (DECIMAL_DIGIT.test(char)) ascii += String(decimalValue(char));
    // Any other non-ASCII character makes the string unparsable, as in CPython.
    else return undefined;
  }
  let literal = ascii.replace(/^[\t\n\v\f\r ]+|[\t\n\v\f\r ]+$/g, '');
  if (literal.includes('_')) {
    if (BAD_UNDERSCORE.test(literal)) return undefined;
    literal = literal.replace(/_/g, '');
  }
  if (!FLOAT.test(literal)) return undefined;
  const lower = literal.toLowerCase();
  if (lower.endsWith('nan')) return Number.NaN;
  if (lower.endsWith('inf') || lower.endsWith('infinity')) return lower.startsWith('-') ? -Infinity : Infinity;
  return Number(literal);
}

// Unicode decimal digits come in runs of ten, zero first; the value is the offset in its run.
function decimalValue(char: string): number {
  let code = char.codePointAt(0)!;
  const start = code;
  while (code > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(code - 1))) code -= 1;
  return (start - code) % 10;
}
