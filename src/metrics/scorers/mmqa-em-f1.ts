import type { Question } from '../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../spec/scorer.js';
import { alignBags } from './mmqa/align-bags.js';
import { mmqaAnswerList } from './mmqa/answer-list.js';
import { normalizeMmqaAnswer } from './mmqa/normalize-answer.js';
import { pythonSplit } from './python/python-text.js';
import { numpyMeanRound } from './python/numpy-mean-round.js';

/**
 * MultiModalQA list EM and F1 (allenai/multimodalqa `baselines/evaluate.py`,
 * `list_em` and `list_f1`): the gold is the list of the question's answers
 * (all required, in any order). EM is 1 when the normalised predicted
 * answers and the normalised gold answers are the same set and the lists
 * have the same length. F1 aligns predicted and gold answers one to one
 * (token-set F1, numbers must match), averages over the longer list and
 * rounds to 2 decimals as NumPy does. `correct` is EM = 1. The stated answer
 * is cut into a list by `mmqaAnswerList`. docs/metrics.md, "MultiModalQA".
 */
export const mmqaEmF1Scorer: Scorer = {
  name: 'mmqa-em-f1',
  source: 'allenai/multimodalqa, baselines/evaluate.py (list_em, list_f1)',
  metrics: [
    { key: 'em', label: 'EM', aggregate: 'mean' },
    { key: 'f1', label: 'F1', aggregate: 'mean' },
  ],
  score(prediction: Prediction, question: Question): AnswerScore {
    const gold = goldAnswers(question);
    if (gold.length === 0) return { correct: null, metrics: { em: null, f1: null } };
    // The evaluator scores a question without a prediction 0 on both metrics.
    if (prediction.answer === null) return { correct: false, metrics: { em: 0, f1: 0 } };
    const predicted = mmqaAnswerList(prediction.answer, gold.length);
    const em = listEm(predicted, gold);
    return { correct: em === 1, metrics: { em, f1: listF1(predicted, gold) } };
  },
  /**
   * The same list of answers (EM 1 between them), both cut as the scorer
   * cuts them. That reads how many answers the gold lists, never which, so
   * two equal answers always get the same verdict.
   */
  equivalent(a: string, b: string, question: Question): boolean {
    const count = Math.max(1, goldAnswers(question).length);
    return listEm(mmqaAnswerList(a, count), mmqaAnswerList(b, count)) === 1;
  },
};

/** `list_em`: same set of normalised answers and the same number of answers. */
export function listEm(predicted: readonly string[], gold: readonly string[]): number {
  const x = predicted.map(normalizeMmqaAnswer);
  const y = gold.map(normalizeMmqaAnswer);
  const sx = new Set(x);
  const sy = new Set(y);
  return x.length === y.length && sx.size === sy.size && [...sx].every((item) => sy.has(item)) ? 1 : 0;
}

/** `list_f1`: the aligned token-set F1 per gold answer, averaged and rounded to 2 decimals. */
export function listF1(predicted: readonly string[], gold: readonly string[]): number {
  const bags = (answers: readonly string[]): Array<Set<string>> => answers.map((answer) => new Set(pythonSplit(normalizeMmqaAnswer(answer))));
  return numpyMeanRound(alignBags(bags(predicted), bags(gold)), 2);
}

// The loader keeps the answers as the file lists them (str() of each) in meta.answers.
function goldAnswers(question: Question): string[] {
  const answers = question.meta?.['answers'];
  if (Array.isArray(answers) && answers.every((answer) => typeof answer === 'string')) return answers as string[];
  return question.gold.kind === 'text' ? [question.gold.value] : [];
}
