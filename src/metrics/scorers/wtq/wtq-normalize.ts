import { pythonWhitespaceClass } from '../python/python-whitespace.js';

const WS = pythonWhitespaceClass(2);
const STRIP = new RegExp(`^[${WS}]+|[${WS}]+$`, 'gu');
const RUNS = new RegExp(`[${WS}]+`, 'gu');
// Python 2 patterns without re.UNICODE: `\d` here is ASCII only (only the whitespace pattern is Unicode).
const CITATIONS = /((?<!^)\[[^\]]*\]|\[[0-9]+\]|[•♦†‡*#+])*$/u;
const PARENTHESES = /(?<!^)( \([^)]*\))*$/u;
const OUTER_QUOTES = /^"([^"]*)"$/u;

/**
 * The WikiTableQuestions evaluator's `normalize` (evaluator.py, Python 2):
 * NFKD with combining marks (Mn) removed; typographic quotes and dashes made
 * ASCII; then, until nothing changes, trailing citations (`[1]`, `*`, `†`…),
 * trailing parentheticals (` (approx.)`) and one pair of outer double quotes
 * removed; one final `.` removed; whitespace collapsed; lower case.
 * Whitespace and lower case follow Python 2 (no final-sigma rule).
 */
export function wtqNormalize(text: string): string {
  let x = [...text.normalize('NFKD')].filter((char) => !/\p{Mn}/u.test(char)).join('');
  x = x.replace(/[‘’´`]/gu, "'").replace(/[“”]/gu, '"').replace(/[‐‑‒–—−]/gu, '-');
  for (;;) {
    const before = x;
    x = strip(x).replace(CITATIONS, '');
    x = strip(x).replace(PARENTHESES, '');
    x = strip(x).replace(OUTER_QUOTES, '$1');
    if (x === before) break;
  }
  if (x.endsWith('.')) x = x.slice(0, -1);
  return strip(python2Lower(x.replace(RUNS, ' ')));
}

function strip(text: string): string {
  return text.replace(STRIP, '');
}

/** Python 2's `unicode.lower()` uses simple case mappings: a final capital sigma becomes σ, not ς. */
function python2Lower(text: string): string {
  return text.replaceAll('Σ', 'σ').toLowerCase();
}
