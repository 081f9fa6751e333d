import type { Question } from '../../spec/question.js';
import type { Prediction, Scorer, ScorerMetric } from '../../spec/scorer.js';

/** One scored answer, in input order. */
export interface ScoredAnswer {
  id: string;
  answer: string | null;
  /** The scorer's headline verdict; null when the question has no gold or the metric gives no verdict. */
  correct: boolean | null;
  scorer: string;
  /** The scorer's per-answer metric values. */
  metrics: Readonly<Record<string, number | null>>;
}

/** Scores of a set of answers: each answer and the aggregates. */
export interface ScoreReport {
  items: ScoredAnswer[];
  /** Answers scored (all items). */
  count: number;
  /** Share of correct answers among those with a verdict; null when none has one. */
  accuracy: number | null;
  /** Answers with a verdict (the denominator of `accuracy`). */
  judged: number;
  /** Each metric's aggregate: the mean of its per-answer values, or the scorer's corpus value. */
  metrics: Record<string, number | null>;
  /** The scorers used, by name, with their sources and the metrics they report. */
  scorers: Array<{ name: string; source: string; metrics: readonly ScorerMetric[] }>;
}

/** One answer to score with the scorer of its question. */
export interface ScoreRequest {
  id: string;
  prediction: Prediction;
  question: Question;
  scorer: Scorer;
}

/**
 * Scores answers and aggregates them: accuracy over the answers that have a
 * verdict, the mean of each per-answer metric over the answers where it
 * applies, and corpus metrics (sacreBLEU) from each scorer over its answers.
 */
export function scoreItems(requests: readonly ScoreRequest[]): ScoreReport {
  const items = requests.map(({ id, prediction, question, scorer }): ScoredAnswer => {
    const score = scorer.score(prediction, question);
    return { id, answer: prediction.answer, correct: score.correct, scorer: scorer.name, metrics: score.metrics };
  });
  const judged = items.filter((item) => item.correct !== null);
  const sums = new Map<string, { total: number; count: number }>();
  for (const item of items) {
    for (const [key, value] of Object.entries(item.metrics)) {
      const sum = sums.get(key) ?? { total: 0, count: 0 };
      if (value !== null) {
        sum.total += value;
        sum.count += 1;
      }
      sums.set(key, sum);
    }
  }
  const metrics: Record<string, number | null> = Object.fromEntries([...sums].map(([key, { total, count }]) => [key, count === 0 ? null : total / count]));
  const scorers = new Map<string, Scorer>();
  for (const request of requests) scorers.set(request.scorer.name, request.scorer);
  for (const scorer of scorers.values()) {
    if (scorer.corpus === undefined) continue;
    const mine = requests.filter((request) => request.scorer === scorer);
    Object.assign(metrics, scorer.corpus(mine.map(({ prediction, question }) => ({ prediction, question }))));
  }
  return {
    items,
    count: items.length,
    accuracy: judged.length === 0 ? null : judged.filter((item) => item.correct === true).length / judged.length,
    judged: judged.length,
    metrics,
    scorers: [...scorers.values()].map((scorer) => ({ name: scorer.name, source: scorer.source, metrics: scorer.metrics })),
  };
}
