import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { goldText } from '../score-answer.js';
import { answerReadings } from './answer-items.js';
import { checkWtqDenotation, toWtqValueList, wtqTsvUnescapeList } from './wtq/wtq-denotation-check.js';
import { sameWtqValue, type WtqValue } from './wtq/wtq-value.js';

/**
 * WikiTableQuestions denotation accuracy, reimplementing the official
 * `evaluator.py` (ppasupat/WikiTableQuestions): the prediction and the gold
 * are lists of values, correct when they have the same size and every gold
 * value matches a predicted one (docs/metrics.md). The gold is the question's
 * raw `targetValue`, typed by CoreNLP's `targetCanon` when the loader found
 * the `.tagged` file; the answer text becomes a list by `answerReadings`
 * (correct under any of its readings).
 */
export const wtqDenotationScorer: Scorer = {
  name: 'wtq-denotation',
  source: 'ppasupat/WikiTableQuestions evaluator.py (check_denotation, to_value_list)',
  metrics: [{ key: 'denotation', label: 'denotation accuracy', aggregate: 'mean' }],
  score(prediction: Prediction, question: Question): AnswerScore {
    const gold = wtqGold(question);
    if (gold === undefined) return { correct: null, metrics: { denotation: null } };
    if (prediction.answer === null) return { correct: false, metrics: { denotation: 0 } };
    // Correct under any reading of the text as a list (answerReadings: with and without splitting on "and").
    const correct = answerReadings(prediction.answer, gold.size > 1).some((items) => checkWtqDenotation(gold.values, toWtqValueList(items)));
    return { correct, metrics: { denotation: correct ? 1 : 0 } };
  },
  equivalent(a: string, b: string): boolean {
    // Never reads the gold, so it must hold whatever the gold is: under both list rules, the same readings,
    // each the same values. Values are the same when the evaluator cannot tell them apart against any gold
    // (same type, number, date and normalised string): "17" and "17.0" differ, since a gold string "17"
    // matches only the first.
    return [false, true].every((list) => sameReadings(answerReadings(a, list), answerReadings(b, list)));
  },
};

function sameReadings(a: readonly string[][], b: readonly string[][]): boolean {
  const left = a.map((items) => toWtqValueList(items));
  const right = b.map((items) => toWtqValueList(items));
  return left.every((values) => right.some((other) => sameValues(values, other))) && right.every((values) => left.some((other) => sameValues(values, other)));
}

function sameValues(a: readonly WtqValue[], b: readonly WtqValue[]): boolean {
  const identical = (x: WtqValue, y: WtqValue): boolean => x.normalized === y.normalized && sameWtqValue(x, y);
  return a.length === b.length && a.every((x) => b.some((y) => identical(x, y))) && b.every((y) => a.some((x) => identical(x, y)));
}

/** The gold values: `targetValue` (with `targetCanon` when its list lines up), else the loader's answers, else the gold text. */
function wtqGold(question: Question): { values: WtqValue[]; size: number } | undefined {
  const meta = question.meta ?? {};
  const target = meta['targetValue'];
  if (typeof target === 'string') {
    const originals = wtqTsvUnescapeList(target);
    const canon = typeof meta['targetCanon'] === 'string' ? wtqTsvUnescapeList(meta['targetCanon']) : undefined;
    // The evaluator asserts that both lists have one entry per answer; without that, the raw strings decide the types.
    const canonicals = canon !== undefined && canon.length === originals.length ? canon : undefined;
    return { values: toWtqValueList(originals, canonicals), size: originals.length };
  }
  const answers = meta['answers'];
  if (Array.isArray(answers) && answers.length > 0 && answers.every((answer) => typeof answer === 'string')) {
    return { values: toWtqValueList(answers as string[]), size: answers.length };
  }
  const text = goldText(question.gold);
  return text === null ? undefined : { values: toWtqValueList([text]), size: 1 };
}
