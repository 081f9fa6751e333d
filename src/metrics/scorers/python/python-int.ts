import { PYTHON_WHITESPACE } from './python-text.js';

const EDGES = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, 'gu');
const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * `int(text)` in Python 3 for a string: optional sign, decimal digits
 * (Unicode decimal digits included) with single underscores between them,
 * surrounding whitespace ignored. Undefined where Python raises `ValueError`.
 */
export function pythonInt(text: string): number | undefined {
  let ascii = '';
  for (const char of text.replace(EDGES, '')) {
    if (char.codePointAt(0)! < 128) ascii += char;
    else if (DECIMAL_DIGIT.test(char)) ascii += String(decimalValue(char));
    else return undefined;
  }
  if (!/^[+-]?\d(?:_?\d)*$/.test(ascii)) return undefined;
  return Number(ascii.replace(/_/g, ''));
}

function decimalValue(char: string): number {
  let code = char.codePointAt(0)!;
  const start = code;
  while (code > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(code - 1))) code -= 1;
  return (start - code) % 10;
}
