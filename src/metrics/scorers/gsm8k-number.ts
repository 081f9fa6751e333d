import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';

// grade-school-math `extract_answer`: "#### <number>" when the text has one
const HASHES = /####\s*(-?[0-9.,]+)/;
// Du et al.'s gsm/eval_gsm.py and most GSM8K harnesses: otherwise the last number stated
const NUMBER = /-?[0-9][0-9,]*(?:\.[0-9]+)?|-?\.[0-9]+/g;

/**
 * GSM8K accuracy: the answer's number (after `####` when present, else its
 * last number), grouping commas removed, equals the gold. openai's
 * `is_correct` compares the two strings; quorum compares their values, as
 * Du et al.'s `eval_gsm.py` does with `float()`, so "18.00" is 18.
 */
export const gsm8kNumberScorer: Scorer = {
  name: 'gsm8k-number',
  source: 'openai/grade-school-math dataset.py extract_answer ("#### <number>", commas removed); values compared as float, as Du et al. eval_gsm.py',
  metrics: [],
  score(prediction: Prediction, question: Question): AnswerScore {
    if (question.gold.kind === 'none') return { correct: null, metrics: {} };
    const gold = question.gold.kind === 'number' ? question.gold.value : Number(question.gold.value);
    const value = prediction.answer === null ? undefined : gsm8kNumber(prediction.answer);
    return { correct: value !== undefined && value === gold, metrics: {} };
  },
  equivalent(a: string, b: string): boolean {
    const x = gsm8kNumber(a);
    const y = gsm8kNumber(b);
    return x !== undefined && y !== undefined ? x === y : a.trim().toLowerCase() === b.trim().toLowerCase();
  },
};

/** The number a GSM8K answer states: after `####`, else the last one; undefined when there is none. */
export function gsm8kNumber(text: string): number | undefined {
  const stated = HASHES.exec(text)?.[1] ?? [...text.matchAll(NUMBER)].at(-1)?.[0];
  if (stated === undefined) return undefined;
  const value = Number(stated.replace(/,/g, ''));
  return Number.isFinite(value) ? value : undefined;
}
