import { asciiDigits } from './python-digits.js';
import { pythonWhitespaceClass } from './python-whitespace.js';

/** Which Python parses: 2 rejects `_` between digits and allows spaces after an int's sign; 3 the reverse. */
export type PythonVersion = 2 | 3;

const INT = {
  2: new RegExp(`^[${pythonWhitespaceClass(2)}]*([+-]?)[${pythonWhitespaceClass(2)}]*([0-9]+)[${pythonWhitespaceClass(2)}]*$`, 'u'),
  3: new RegExp(`^[${pythonWhitespaceClass(3)}]*([+-]?)([0-9](?:_?[0-9])*)[${pythonWhitespaceClass(3)}]*$`, 'u'),
};
const DIGITS = { 2: '[0-9]+', 3: '[0-9](?:_?[0-9])*' };
const FLOAT = {
  2: floatPattern(2),
  3: floatPattern(3),
};

function floatPattern(version: PythonVersion): RegExp {
  const ws = `[${pythonWhitespaceClass(version)}]*`;
  const d = DIGITS[version];
  return new RegExp(`^${ws}([+-]?(?:(?:${d}(?:\\.(?:${d})?)?|\\.${d})(?:[eE][+-]?${d})?|inf|infinity|nan))${ws}$`, 'iu');
}

/**
 * Python's `int(text)` in base 10 under Python 2 or 3: the exact value as a
 * bigint (`python-int.ts` gives a number), or undefined where Python raises. Unicode digits count; characters Python 2 cannot encode
 * (e.g. U+200B) raise there too, and here they fail to match.
 */
export function parsePythonInt(text: string, version: PythonVersion): bigint | undefined {
  const match = INT[version].exec(asciiDigits(text));
  if (match === null) return undefined;
  const value = BigInt(match[2]!.replaceAll('_', ''));
  return match[1] === '-' ? -value : value;
}

/** Python 2's or 3's `float(text)`: the value (NaN and ±Infinity included), or undefined where Python raises. */
export function parsePythonFloat(text: string, version: PythonVersion): number | undefined {
  const match = FLOAT[version].exec(asciiDigits(text));
  if (match === null) return undefined;
  const body = match[1]!.replaceAll('_', '').toLowerCase();
  const unsigned = body.replace(/^[+-]/, '');
  const negative = body.startsWith('-');
  if (unsigned === 'nan') return NaN;
  if (unsigned === 'inf' || unsigned === 'infinity') return negative ? -Infinity : Infinity;
  // Number() reads a decimal literal with the same correct rounding as Python's strtod.
  return Number(body);
}
