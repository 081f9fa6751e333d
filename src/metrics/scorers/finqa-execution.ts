import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { findNumbers } from '../../parsing/numeric-answer.js';
import { evalFinqaProgram } from './finqa/eval-program.js';
import { finqaProgramTokens, looksLikeFinqaProgram } from './finqa/program-tokens.js';
import { finqaStrToNum } from './finqa/str-to-num.js';
import { pythonRound } from './python/python-round.js';
import { pythonSplit, pythonStrip } from './python/python-text.js';

/**
 * FinQA execution accuracy, as `evaluate.py` of czyssrs/FinQA decides it:
 * the answer is read with `str_to_num` and is correct when
 * `round(value, 5) == exe_ans` (Python's rounding: half-even on the exact
 * binary value). `yes`/`no` golds are compared as strings (trimmed, lower
 * case). No tolerance beyond the rounding: 0.56597 is not 0.56197, 0 is not
 * 0.00455, "56.197" is not 0.56197 (but "56.197%" is). An answer written as
 * a FinQA program ("divide(5735, 5098)") is executed as the evaluator
 * executes predicted programs, on the question's table. docs/metrics.md, "FinQA".
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
    if (answer !== null && looksLikeFinqaProgram(answer)) {
      const executed = executeAnswer(answer, question);
      const expected: number | string = gold.value;
      return { correct: !executed.invalid && executed.value === expected, metrics: { numericLenient: null } };
    }
    if (gold.kind === 'number') {
      const correct = answer !== null && finqaNumberEquals(answer, gold.value);
      return { correct, metrics: { numericLenient: answer !== null && lenientNumberEquals(answer, gold.value) ? 1 : 0 } };
    }
    const expected = gold.kind === 'text' || gold.kind === 'choice' ? gold.value : '';
    const correct = answer !== null && normalise(answer) === normalise(expected);
    return { correct, metrics: { numericLenient: null } };
  },
  equivalent(a: string, b: string, question: Question): boolean {
    const x = statedValue(a, question);
    const y = statedValue(b, question);
    if (x !== undefined && y !== undefined) return x === y;
    return normalise(a) === normalise(b);
  },
};

/** An answer written as a FinQA program, executed by `eval_program`'s rules on the question's table. */
export function executeAnswer(answer: string, question: Question): ReturnType<typeof evalFinqaProgram> {
  const table = question.context?.tables?.[0];
  const rows = table === undefined ? [] : [table.header, ...table.rows];
  return evalFinqaProgram(finqaProgramTokens(pythonStrip(answer)), rows);
}

// The value an answer states for equivalence: a program's result, or str_to_num rounded; undefined for anything else.
function statedValue(answer: string, question: Question): number | 'yes' | 'no' | undefined {
  if (looksLikeFinqaProgram(answer)) {
    const executed = executeAnswer(answer, question);
    return executed.invalid || executed.value === 'n/a' ? undefined : executed.value;
  }
  const value = finqaStrToNum(pythonStrip(answer));
  return typeof value === 'number' && !Number.isNaN(value) ? pythonRound(value, 5) : undefined;
}

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
