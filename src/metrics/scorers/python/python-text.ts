/**
 * Python's notion of whitespace (`str.isspace`, used by `str.split()`,
 * `str.strip()` and `float()`): wider than ASCII (U+0085, U+001C–U+001F)
 * and narrower than JavaScript's `\s` (no U+FEFF).
 */
export const PYTHON_WHITESPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const RUNS = new RegExp(`[${PYTHON_WHITESPACE}]+`, 'u');
const EDGES = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, 'gu');

/** `text.split()` in Python: split on runs of whitespace, no empty items. */
export function pythonSplit(text: string): string[] {
  return text.split(RUNS).filter((part) => part !== '');
}

/** `text.strip()` in Python. */
export function pythonStrip(text: string): string {
  return text.replace(EDGES, '');
}
