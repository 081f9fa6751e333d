import type { Question } from '../spec/question.js';
import { deriveSeed } from '../util/seed.js';

/** How a study picks its questions from a dataset. */
export interface QuestionSample {
  method: 'first' | 'random';
  /** Seed of the random draw (ignored by `first`). */
  seed: number;
  /** How many (all when absent). */
  limit?: number;
}

/**
 * The questions of a study, in file order. `first` takes the first `limit`.
 * `random` takes the `limit` questions with the smallest
 * `deriveSeed(seed, 'study-sample', id)`: a seeded draw without replacement
 * that depends only on the ids, so reordering the file or adding questions to
 * it keeps the questions already drawn whenever they still rank first.
 */
export function sampleQuestions(questions: readonly Question[], sample: QuestionSample): Question[] {
  const limit = sample.limit ?? questions.length;
  if (sample.method === 'first' || limit >= questions.length) return questions.slice(0, limit);
  const chosen = new Set(
    questions
      .map((question) => ({ id: question.id, key: deriveSeed(sample.seed, 'study-sample', question.id) }))
      .sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1))
      .slice(0, limit)
      .map((entry) => entry.id),
  );
  return questions.filter((question) => chosen.has(question.id));
}
