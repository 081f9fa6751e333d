import type { Gold } from '../spec/question.js';

/**
 * Absolute tolerance of a numeric gold answer in the table-QA datasets
 * (FinQA, TAT-QA, WikiTableQuestions): half a unit in the second decimal
 * (answers are shown rounded to 2 decimals, "0.14" for 0.14049; the 1e-9
 * absorbs binary rounding of "1320.83" against 1320.825), or 0.01% of the
 * value for large values. Percent and fraction forms are not made equal
 * here; that is a scorer's decision (the answer keeps `+percent` in its rule).
 */
export function tableQaTolerance(value: number): number {
  return Math.max(0.005 + 1e-9, Math.abs(value) * 1e-4);
}

/** A numeric gold with the table-QA tolerance. */
export function numberGold(value: number): Gold {
  return { kind: 'number', value, tolerance: tableQaTolerance(value) };
}

/**
 * The gold of a list of answers that are all required (WikiTableQuestions
 * `a|b|c`, TAT-QA multi-span, MultiModalQA answer lists): the items joined
 * with ", " as the value, and the other usual spellings of the same list as
 * aliases ("a, b and c", "a and b", "a|b"). The list itself stays in the
 * question's `meta.answers` for set-based scoring. One answer is plain text.
 */
export function answerListGold(answers: readonly string[]): Gold {
  const [first, ...rest] = answers;
  if (first === undefined) return { kind: 'none' };
  if (rest.length === 0) return { kind: 'text', value: first };
  const last = answers.at(-1)!;
  const aliases = [`${answers.slice(0, -1).join(', ')} and ${last}`, answers.join(' and '), answers.join('|')];
  return { kind: 'text', value: answers.join(', '), aliases: [...new Set(aliases)] };
}

/** Whether an answer string is one plain number ("100,000", "-3.5", "17.7"), so it can be scored numerically. */
export function plainNumber(text: string): number | undefined {
  const match = /^\s*([-−]?)\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*$/.exec(text);
  if (match === null) return undefined;
  const value = Number(match[2]!.replace(/,/g, ''));
  return match[1] === '' ? value : -value;
}
