import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';

const DECISIONS = new Set(['yes', 'no', 'maybe']);

/**
 * PubMedQA accuracy: the stated decision (yes / no / maybe, case and
 * surrounding punctuation ignored) equals `final_decision`; anything else
 * is wrong. pubmedqa/pubmedqa `evaluation.py` reports accuracy and macro-F1
 * over the three labels; this scorer gives the per-answer accuracy.
 */
export const pubmedqaDecisionScorer: Scorer = {
  name: 'pubmedqa-decision',
  source: 'pubmedqa/pubmedqa evaluation.py: accuracy_score of the yes/no/maybe decision against final_decision',
  metrics: [],
  score(prediction: Prediction, question: Question): AnswerScore {
    if (question.gold.kind === 'none') return { correct: null, metrics: {} };
    const decision = prediction.answer === null ? undefined : pubmedqaDecision(prediction.answer);
    return { correct: decision !== undefined && decision === String(question.gold.value).toLowerCase(), metrics: {} };
  },
  equivalent(a: string, b: string): boolean {
    const x = pubmedqaDecision(a);
    const y = pubmedqaDecision(b);
    return x !== undefined && y !== undefined ? x === y : a.trim().toLowerCase() === b.trim().toLowerCase();
  },
};

/** The decision an answer states, when it is only "yes", "no" or "maybe" (markup and punctuation aside). */
export function pubmedqaDecision(answer: string): string | undefined {
  const word = answer.toLowerCase().replace(/[^a-z]+/g, ' ').trim();
  return DECISIONS.has(word) ? word : undefined;
}
