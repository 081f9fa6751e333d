/**
 * Python's whitespace (`str.isspace`, `str.split()`, `str.strip()`, `\s` in
 * a Unicode pattern), which is not JavaScript's: Python counts U+001C–U+001F
 * and not U+FEFF. Python 2.7 (Unicode 5.2) also counts U+180E; Python 3 does
 * not.
 */
const PYTHON3 = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PYTHON2 = `${PYTHON3}\\u180e`;

/** A character class body (without brackets) of Python's whitespace, for `new RegExp`. */
export function pythonWhitespaceClass(version: 2 | 3): string {
  return version === 2 ? PYTHON2 : PYTHON3;
}

const STRIP = { 2: new RegExp(`^[${PYTHON2}]+|[${PYTHON2}]+$`, 'gu'), 3: new RegExp(`^[${PYTHON3}]+|[${PYTHON3}]+$`, 'gu') };
const RUNS = { 2: new RegExp(`[${PYTHON2}]+`, 'u'), 3: new RegExp(`[${PYTHON3}]+`, 'u') };

/** `text.strip()` with no argument. */
export function pythonStrip(text: string, version: 2 | 3): string {
  return text.replace(STRIP[version], '');
}

/** `text.split()` with no argument: runs of whitespace separate, empty pieces dropped. */
export function pythonSplit(text: string, version: 2 | 3): string[] {
  return text.split(RUNS[version]).filter((piece) => piece !== '');
}
