import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { answerReadings } from './answer-items.js';
import { tatqaAnswerString, tatqaPredictionStrings } from './tatqa/tatqa-answer-strings.js';
import { tatqaGetMetrics } from './tatqa/tatqa-bags.js';
import { tatqaGold } from './tatqa/tatqa-gold.js';
import { tatqaNormalizeAnswer } from './tatqa/tatqa-normalize.js';
import { inferPredictionScale } from './tatqa/tatqa-prediction-scale.js';

/**
 * TAT-QA exact match and numeracy-focused F1, reimplementing the official
 * `TaTQAEmAndF1` (NExTplusplus/TAT-QA `tatqa_metric.py`, `tatqa_utils.py`):
 * gold and prediction are each rendered with their own scale into one
 * string, normalised, and compared (EM) or token-overlapped (F1; for
 * arithmetic and count questions F1 = EM). `correct` is EM = 1. The
 * predicted scale is `prediction.scale`, else quorum infers it from a scale
 * word (`inferPredictionScale`); the answer text becomes a list by
 * `answerReadings`, split on commas and "and" only for multi-span
 * questions (the best verdict over its readings).
 */
export const tatqaEmF1Scorer: Scorer = {
  name: 'tatqa-em-f1',
  source: 'NExTplusplus/TAT-QA tatqa_metric.py (TaTQAEmAndF1), tatqa_utils.py',
  metrics: [
    { key: 'em', label: 'EM', aggregate: 'mean' },
    { key: 'f1', label: 'F1', aggregate: 'mean' },
  ],
  score(prediction: Prediction, question: Question): AnswerScore {
    const gold = tatqaGold(question);
    if (gold === undefined) return { correct: null, metrics: { em: null, f1: null } };
    if (gold.answers.length === 0) return { correct: false, metrics: { em: 0, f1: 0 } };
    const goldString = tatqaAnswerString(gold.answers, gold.scale);
    let best = { em: 0, f1: 0 };
    // The best over the readings of the text as a list (answerReadings), then, as the evaluator does, over
    // the prediction strings, by Python's max() of (em, f1) tuples: EM first, then F1.
    for (const items of answerReadings(prediction.answer ?? '', gold.answerType === 'multi-span')) {
      const stated = prediction.scale === undefined ? inferPredictionScale(items) : { values: items, scale: prediction.scale };
      if (stated.values.length === 0) continue;
      for (const candidate of tatqaPredictionStrings(stated.values, stated.scale)) {
        const metrics = tatqaGetMetrics(candidate, goldString);
        if (metrics.em > best.em || (metrics.em === best.em && metrics.f1 > best.f1)) best = metrics;
      }
    }
    const f1 = gold.answerType === 'arithmetic' || gold.answerType === 'count' ? best.em : best.f1;
    return { correct: best.em === 1, metrics: { em: best.em, f1 } };
  },
  equivalent(a: string, b: string): boolean {
    // Never reads the gold, so it must hold whatever the gold is: under both list rules, the same set of
    // normalised strings the evaluator would compare with the gold. That decides EM and F1 against any gold;
    // "Rome, Paris" and "Paris, Rome" differ (a single-span gold sees the order).
    return [false, true].every((list) => sameSet(comparedStrings(a, list), comparedStrings(b, list)));
  },
};

/** The normalised strings a text (no stated scale) is compared as, over its readings (as in `score`). */
function comparedStrings(text: string, list: boolean): Set<string> {
  const strings = new Set<string>();
  for (const items of answerReadings(text, list)) {
    const stated = inferPredictionScale(items);
    if (stated.values.length === 0) continue;
    for (const candidate of tatqaPredictionStrings(stated.values, stated.scale)) strings.add(tatqaNormalizeAnswer(candidate));
  }
  return strings;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((text) => b.has(text));
}
