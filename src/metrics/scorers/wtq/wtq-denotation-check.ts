import { sameWtqValue, toWtqValue, wtqValuesMatch, type WtqValue } from './wtq-value.js';

/**
 * `to_value_list`: each string (with its CoreNLP canonical form when the
 * lists line up) as a value, duplicates dropped as Python's `set()` drops
 * them (the first of equal values stays).
 */
export function toWtqValueList(originals: readonly string[], canonicals?: readonly string[]): WtqValue[] {
  const values: WtqValue[] = [];
  originals.forEach((original, index) => {
    const value = toWtqValue(original, canonicals?.[index]);
    if (!values.some((kept) => sameWtqValue(kept, value))) values.push(value);
  });
  return values;
}

/** `check_denotation`: the lists have the same size and every target value matches some predicted value. */
export function checkWtqDenotation(target: readonly WtqValue[], predicted: readonly WtqValue[]): boolean {
  if (target.length !== predicted.length) return false;
  return target.every((value) => predicted.some((candidate) => wtqValuesMatch(value, candidate)));
}

/**
 * The evaluator's `tsv_unescape_list`: split on `|`, then `\n` → newline,
 * `\p` → `|`, `\\` → `\`, applied one after the other in that order.
 */
export function wtqTsvUnescapeList(field: string): string[] {
  return field.split('|').map((item) => item.replaceAll('\\n', '\n').replaceAll('\\p', '|').replaceAll('\\\\', '\\'));
}
