import { optionLetterScorer } from './choice/option-letter-scorer.js';

/**
 * MedQA (USMLE, 4 options) accuracy: the stated option letter equals
 * `answer_idx`, case-insensitively; an answer that is not an option letter
 * is wrong. The benchmark's own evaluation (jind11/MedQA) counts the
 * predicted option against `answer_idx`. docs/metrics.md, "MedQA".
 */
export const medqaLetterScorer = optionLetterScorer('medqa-letter', 'jind11/MedQA: accuracy of the predicted option against answer_idx');
