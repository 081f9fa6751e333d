import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { findNumbers } from '../../parsing/numeric-answer.js';
import { answerNumber } from '../dynamics/statistics.js';

/**
 * FRED forecasting error (docs/forecasting.md): `absError` = |forecast −
 * realised value| per answer, so its mean over answers is the MAE that
 * `forecastError` reports for a run. The forecast is read as
 * `forecastError` reads it (a plain number; anything else is unparsed, with
 * `absError` null: counted apart, never scored 0). There is no binary
 * verdict: `correct` is null.
 */
export const fredMaeScorer: Scorer = {
  name: 'fred-mae',
  source: 'quorum forecasting task (docs/forecasting.md): mean absolute error, as src/metrics/forecast-error.ts',
  metrics: [{ key: 'absError', label: 'absolute error (MAE)', aggregate: 'mean', kind: 'value' }],
  score(prediction: Prediction, question: Question): AnswerScore {
    if (question.gold.kind !== 'number') return { correct: null, metrics: { absError: null } };
    const forecast = forecastNumber(prediction.answer);
    return { correct: null, metrics: { absError: forecast === null ? null : Math.abs(forecast - question.gold.value) } };
  },
  equivalent(a: string, b: string): boolean {
    const x = forecastNumber(a);
    const y = forecastNumber(b);
    return x !== null && y !== null ? x === y : a.trim() === b.trim();
  },
};

// A forecast as stated: a plain number, or one number with its percent sign ("3.1%": the series is in percent).
function forecastNumber(answer: string | null): number | null {
  const plain = answerNumber(answer);
  if (plain !== null || answer === null) return plain;
  const mentions = findNumbers(answer);
  return mentions.length === 1 && mentions[0]!.scale === 1 && answer.replace(/[\d.,%+\-−\s]/g, '') === '' ? mentions[0]!.value : null;
}
