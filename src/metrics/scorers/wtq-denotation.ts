import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { goldText } from '../score-answer.js';
import { answerItems, answerReadings } from './answer-items.js';
import { checkWtqDenotation, toWtqValueList, wtqTsvUnescapeList } from './wtq/wtq-denotation-check.js';
import type { WtqValue } from './wtq/wtq-value.js';

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
    // No gold here, so no list size to go by: the same values read as single answers, or under some list reading of each.
    if (sameDenotation(answerItems(a, false), answerItems(b, false))) return true;
    return answerReadings(a, true).some((left) => answerReadings(b, true).some((right) => sameDenotation(left, right)));
  },
};

function sameDenotation(a: readonly string[], b: readonly string[]): boolean {
  const left = toWtqValueList(a);
  const right = toWtqValueList(b);
  return checkWtqDenotation(left, right) && checkWtqDenotation(right, left);
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
