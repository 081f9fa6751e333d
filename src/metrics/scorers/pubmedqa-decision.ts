import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, ScoredItem, Scorer } from '../../spec/scorer.js';
import { macroF1 } from './pubmedqa/macro-f1.js';

const DECISIONS = new Set(['yes', 'no', 'maybe']);
// An answer that is no decision is one more label for macro-F1: their script would need a prediction for every PMID, and a wrong label is what it would count
const NO_DECISION = '(no decision)';

/**
 * PubMedQA accuracy: the stated decision (yes / no / maybe, case and
 * surrounding punctuation ignored) equals `final_decision`; anything else
 * is wrong. pubmedqa/pubmedqa `evaluation.py` reports accuracy and
 * macro-F1 (scikit-learn's, over the labels that occur); `macroF1` is the
 * corpus figure, an answer with no decision counting as one extra label.
 */
export const pubmedqaDecisionScorer: Scorer = {
  name: 'pubmedqa-decision',
  source: 'pubmedqa/pubmedqa evaluation.py: accuracy_score of the yes/no/maybe decision against final_decision',
  metrics: [{ key: 'macroF1', label: 'macro-F1', aggregate: 'corpus' }],
  score(prediction: Prediction, question: Question): AnswerScore {
    if (question.gold.kind === 'none') return { correct: null, metrics: { macroF1: null } };
    const decision = prediction.answer === null ? undefined : pubmedqaDecision(prediction.answer);
    return { correct: decision !== undefined && decision === String(question.gold.value).toLowerCase(), metrics: { macroF1: null } };
  },
  corpus(items: readonly ScoredItem[]): Readonly<Record<string, number | null>> {
    const labelled = items.filter((item) => item.question.gold.kind !== 'none');
    const truth = labelled.map((item) => String(item.question.gold.kind === 'none' ? '' : item.question.gold.value).toLowerCase());
    const predictions = labelled.map((item) => (item.prediction.answer === null ? undefined : pubmedqaDecision(item.prediction.answer)) ?? NO_DECISION);
    return { macroF1: macroF1(truth, predictions) };
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
