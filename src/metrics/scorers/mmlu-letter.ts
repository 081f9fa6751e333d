import { optionLetterScorer } from './choice/option-letter-scorer.js';

/**
 * MMLU accuracy: the stated option letter equals the answer column
 * (hendrycks/test `evaluate.py`: `cor = pred == label`, averaged per subject
 * and over all questions). docs/datasets.md, "MMLU".
 */
export const mmluLetterScorer = optionLetterScorer('mmlu-letter', 'hendrycks/test evaluate.py: accuracy of the predicted letter against the answer column');
