import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { findNumbers } from '../../parsing/numeric-answer.js';
import { finqaStrToNum } from './finqa/str-to-num.js';
import { pythonRound } from './python/python-round.js';
import { pythonSplit, pythonStrip } from './python/python-text.js';

/**
 * FinQA execution accuracy, as `evaluate.py` of czyssrs/FinQA decides it:
 * the answer is read with `str_to_num` and is correct when
 * `round(value, 5) == exe_ans` (Python's rounding: half-even on the exact
 * binary value). `yes`/`no` golds are compared as strings (trimmed, lower
 * case). No tolerance beyond the rounding: 0.56597 is not 0.56197, 0 is not
 * 0.00455, "56.197" is not 0.56197 (but "56.197%" is). docs/metrics.md, "FinQA".
 *
 * `numericLenient` (never the headline) reads the first number the answer
 * states with its sign, currency, thousands separators, accounting
 * parentheses, percent sign and scale word, and accepts it when the value as
 * written, or divided by 100 when written with "%", rounds to the gold.
 */
export const finqaExecutionScorer: Scorer = {
  name: 'finqa-execution',
  source: 'czyssrs/FinQA, code/evaluate/evaluate.py (str_to_num; round(x, 5) == exe_ans)',
  metrics: [{ key: 'numericLenient', label: 'numeric match (lenient)', aggregate: 'mean', lenient: true }],
  score(prediction: Prediction, question: Question): AnswerScore {
    const gold = question.gold;
    if (gold.kind === 'none') return { correct: null, metrics: { numericLenient: null } };
    const answer = prediction.answer;
    if (gold.kind === 'number') {
      const correct = answer !== null && finqaNumberEquals(answer, gold.value);
      return { correct, metrics: { numericLenient: answer !== null && lenientNumberEquals(answer, gold.value) ? 1 : 0 } };
    }
    const expected = gold.kind === 'text' || gold.kind === 'choice' ? gold.value : '';
    const correct = answer !== null && normalise(answer) === normalise(expected);
    return { correct, metrics: { numericLenient: null } };
  },
  equivalent(a: string, b: string): boolean {
    const x = finqaStrToNum(pythonStrip(a));
    const y = finqaStrToNum(pythonStrip(b));
    if (typeof x === 'number' && typeof y === 'number') return pythonRound(x, 5) === pythonRound(y, 5);
    return normalise(a) === normalise(b);
  },
};

/** Whether an answer text is FinQA-correct for a numeric gold: `round(str_to_num(answer), 5) == gold`. */
export function finqaNumberEquals(answer: string, gold: number): boolean {
  // Official predictions are program tokens, never padded; a stated answer may be, so it is trimmed first.
  const value = finqaStrToNum(pythonStrip(answer));
  return typeof value === 'number' && pythonRound(value, 5) === gold;
}

function lenientNumberEquals(answer: string, gold: number): boolean {
  const mention = findNumbers(answer.replace(/\(\s*([$€£¥]?\s*\d[\d,]*(?:\.\d+)?)\s*\)/g, '-$1'))[0];
  if (mention === undefined) return false;
  const written = mention.value * mention.scale;
  const candidates = mention.percent ? [written, written / 100] : [written];
  return candidates.some((candidate) => candidate === gold || pythonRound(candidate, 5) === gold);
}

function normalise(text: string): string {
  return pythonSplit(text.toLowerCase()).join(' ');
}
