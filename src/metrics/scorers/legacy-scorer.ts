import type { Scorer } from '../../spec/scorer.js';
import { sameAnswer } from '../cara/same-answer.js';
import { scoreAnswer } from '../score-answer.js';

/** quorum's scoring before the official scorers: letter, relative-tolerance number, SQuAD-normalised text. */
export const legacyScorer: Scorer = {
  name: 'legacy',
  source: 'quorum (lenient)',
  metrics: [],
  score(prediction, question) {
    const answer = prediction.answer === null ? { status: 'unparsed' as const, value: null } : { status: 'ok' as const, value: prediction.answer };
    return { correct: scoreAnswer(answer, question.gold), metrics: {} };
  },
  equivalent: (a, b) => sameAnswer(a, b),
};
