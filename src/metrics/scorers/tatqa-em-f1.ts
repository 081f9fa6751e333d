import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { answerItems } from './answer-items.js';
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
 * `answerItems`, split on commas only for multi-span questions.
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
    const stated = predictedAnswer(prediction.answer ?? '', gold.answerType === 'multi-span', prediction.scale);
    if (stated.values.length === 0 || gold.answers.length === 0) return { correct: false, metrics: { em: 0, f1: 0 } };
    const goldString = tatqaAnswerString(gold.answers, gold.scale);
    let best = { em: 0, f1: 0 };
    for (const candidate of tatqaPredictionStrings(stated.values, stated.scale)) {
      const metrics = tatqaGetMetrics(candidate, goldString);
      // Python's max() over (em, f1) tuples: EM first, then F1.
      if (metrics.em > best.em || (metrics.em === best.em && metrics.f1 > best.f1)) best = metrics;
    }
    const f1 = gold.answerType === 'arithmetic' || gold.answerType === 'count' ? best.em : best.f1;
    return { correct: best.em === 1, metrics: { em: best.em, f1 } };
  },
  equivalent(a: string, b: string): boolean {
    // No gold here, so no answer type: the same rendering as single values, or as comma-separated lists.
    return [false, true].some((list) => rendered(a, list) === rendered(b, list));
  },
};

function predictedAnswer(text: string, list: boolean, scale: string | undefined): { values: string[]; scale: string } {
  const values = answerItems(text, list);
  return scale === undefined ? inferPredictionScale(values) : { values, scale };
}

function rendered(text: string, list: boolean): string | undefined {
  const stated = predictedAnswer(text, list, undefined);
  return stated.values.length === 0 ? undefined : tatqaNormalizeAnswer(tatqaAnswerString(stated.values, stated.scale));
}
