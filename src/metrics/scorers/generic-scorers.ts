import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { findNumbers } from '../../parsing/numeric-answer.js';
import { optionLetterScorer } from './choice/option-letter-scorer.js';
import { squadF1, squadNormalize } from './squad/squad-normalize.js';
import { type WholeNumber, wholeNumber } from './squad/whole-number.js';

/**
 * Fallback scorers for datasets without an official evaluator (generic
 * JSONL, the demo set, foreign traces), chosen by the gold's kind
 * (`fallbackScorer`). docs/metrics.md, "Fallback scorers".
 */

/** Multiple choice: the stated option letter equals the gold letter, case-insensitively. */
export const choiceLetterScorer: Scorer = optionLetterScorer('choice-letter', 'quorum: option letter equality (case-insensitive)');

/**
 * Numbers: the one number the answer states (as written: sign, grouping
 * commas and currency read; percent and scale words not applied) is within
 * the gold's tolerance, else within 1e-9 of the gold relative to it (the
 * rule of `scoreAnswer`). No number, or several different ones, is wrong.
 */
export const numericScorer: Scorer = {
  name: 'numeric',
  source: 'quorum: |answer − gold| ≤ tolerance (default 1e-9 · |gold|), as scoreAnswer',
  metrics: [],
  score(prediction: Prediction, question: Question): AnswerScore {
    const gold = question.gold;
    if (gold.kind === 'none') return { correct: null, metrics: {} };
    const expected = gold.kind === 'number' ? gold.value : Number(gold.value);
    const value = prediction.answer === null ? undefined : statedNumber(prediction.answer);
    if (value === undefined || !Number.isFinite(expected)) return { correct: false, metrics: {} };
    const tolerance = gold.kind === 'number' && gold.tolerance !== undefined ? gold.tolerance : Math.abs(expected) * 1e-9;
    return { correct: Math.abs(value - expected) <= tolerance, metrics: {} };
  },
  equivalent(a: string, b: string): boolean {
    const x = statedNumber(a);
    const y = statedNumber(b);
    return x !== undefined && y !== undefined ? x === y : a.trim().toLowerCase() === b.trim().toLowerCase();
  },
};

function statedNumber(text: string): number | undefined {
  const values = [...new Set(findNumbers(text).map((mention) => mention.value))];
  return values.length === 1 ? values[0] : undefined;
}

/**
 * SQuAD v1.1 EM and token F1 (rajpurkar's `evaluate-v1.1.py`), maximised
 * over the gold and its aliases, number-aware: a text that is one number is
 * compared by value, so "-0.2" is not "0.2" (SQuAD's punctuation removal
 * drops the minus sign) and "1,000" is "1000"; when both sides are numbers
 * F1 equals EM. `correct` is EM = 1.
 */
export const squadEmF1Scorer: Scorer = {
  name: 'squad-em-f1',
  source: 'SQuAD v1.1 evaluate-v1.1.py (normalize_answer, exact_match_score, f1_score, max over ground truths), numbers compared by value first',
  metrics: [
    { key: 'em', label: 'EM', aggregate: 'mean' },
    { key: 'f1', label: 'token F1', aggregate: 'mean' },
  ],
  score(prediction: Prediction, question: Question): AnswerScore {
    const golds = goldTexts(question);
    if (golds.length === 0) return { correct: null, metrics: { em: null, f1: null } };
    if (prediction.answer === null) return { correct: false, metrics: { em: 0, f1: 0 } };
    const answer = prediction.answer;
    const em = Math.max(...golds.map((gold) => exactMatch(answer, gold)));
    const f1 = Math.max(...golds.map((gold) => tokenF1(answer, gold)));
    return { correct: em === 1, metrics: { em, f1 } };
  },
  equivalent(a: string, b: string): boolean {
    return exactMatch(a, b) === 1;
  },
};

/**
 * Number-aware SQuAD exact match: a text that is one number is read as its
 * value, any other text after SQuAD's normalisation, and the two readings
 * must be equal (so a number never equals a text, and equal answers match
 * the same golds).
 */
export function exactMatch(prediction: string, gold: string): number {
  return reading(prediction) === reading(gold) ? 1 : 0;
}

function reading(text: string): string {
  const number = wholeNumber(text);
  return number === undefined ? `text:${squadNormalize(text)}` : `number:${number.value}${number.percent ? '%' : ''}`;
}

/** Number-aware SQuAD token F1 (equal to EM when both sides are numbers). */
export function tokenF1(prediction: string, gold: string): number {
  const numbers = bothNumbers(prediction, gold);
  return numbers === undefined ? squadF1(prediction, gold) : numbers ? 1 : 0;
}

// Whether two numbers are the same; undefined unless both texts are one number.
function bothNumbers(a: string, b: string): boolean | undefined {
  const x = wholeNumber(a);
  const y = wholeNumber(b);
  return x === undefined || y === undefined ? undefined : sameNumber(x, y);
}

function sameNumber(x: WholeNumber, y: WholeNumber): boolean {
  return x.value === y.value && x.percent === y.percent;
}

function goldTexts(question: Question): string[] {
  const gold = question.gold;
  switch (gold.kind) {
    case 'text':
      return [gold.value, ...(gold.aliases ?? [])];
    case 'choice':
      return [gold.value];
    case 'number':
      return [String(gold.value)];
    case 'none':
      return [];
  }
}

