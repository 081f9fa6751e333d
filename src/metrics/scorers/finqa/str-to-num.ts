import { pythonFloat } from '../python/python-float.js';

/**
 * What FinQA's `str_to_num` makes of a text: a number, `n/a` (not a number;
 * the answer is wrong), or `error` where the official function raises
 * (a text with "const" whose rest is not a float, e.g. "constant 5"; the
 * evaluator would stop, quorum scores it wrong).
 */
export type FinqaNumber = number | 'n/a' | 'error';

/**
 * FinQA's `str_to_num` (czyssrs/FinQA, code/evaluate/evaluate.py): commas
 * removed; then Python's `float()`; failing that, a text with "%" is read
 * without its "%" signs and divided by 100; a text with "const" is read as
 * a FinQA constant (`const_m1` → −1, `const_100` → 100); anything else is
 * `n/a`. "$5", "(5)", "5 million" and "−5" (U+2212) are all `n/a`.
 */
export function finqaStrToNum(text: string): FinqaNumber {
  const plain = text.replace(/,/g, '');
  const direct = pythonFloat(plain);
  if (direct !== undefined) return direct;
  if (plain.includes('%')) {
    const percent = pythonFloat(plain.replace(/%/g, ''));
    return percent === undefined ? 'n/a' : percent / 100;
  }
  if (plain.includes('const')) {
    let constant = plain.replace(/const_/g, '');
    if (constant === 'm1') constant = '-1';
    return pythonFloat(constant) ?? 'error';
  }
  return 'n/a';
}
