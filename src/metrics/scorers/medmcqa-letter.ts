import { optionLetterScorer } from './choice/option-letter-scorer.js';

/**
 * MedMCQA accuracy: the stated option letter equals the letter of `cop`
 * (1 = A). The authors report accuracy of the predicted option
 * (medmcqa/medmcqa `train.py`). docs/datasets.md, "MedMCQA".
 */
export const medmcqaLetterScorer = optionLetterScorer('medmcqa-letter', 'medmcqa/medmcqa: accuracy of the predicted option against cop');
