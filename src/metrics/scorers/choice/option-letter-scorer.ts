import type { Question } from '../../../spec/question.js';
import type { AnswerScore, Prediction, Scorer } from '../../../spec/scorer.js';
import { readOptionLetter } from './read-option-letter.js';

/**
 * A multiple-choice scorer: correct when the stated option letter equals
 * the gold letter, case-insensitively; an answer that is not an option
 * letter is wrong; no gold gives null. No metrics besides the verdict.
 */
export function optionLetterScorer(name: string, source: string): Scorer {
  return {
    name,
    source,
    metrics: [],
    score(prediction: Prediction, question: Question): AnswerScore {
      if (question.gold.kind === 'none') return { correct: null, metrics: {} };
      const gold = question.gold.kind === 'choice' ? question.gold.value.trim().toUpperCase() : String(question.gold.value).trim().toUpperCase();
      const letter = prediction.answer === null ? undefined : readOptionLetter(prediction.answer);
      return { correct: letter !== undefined && letter === gold, metrics: {} };
    },
    equivalent(a: string, b: string): boolean {
      const x = readOptionLetter(a);
      const y = readOptionLetter(b);
      return x !== undefined && y !== undefined ? x === y : a.trim().toLowerCase() === b.trim().toLowerCase();
    },
  };
}
