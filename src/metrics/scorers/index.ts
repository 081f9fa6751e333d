import type { Gold } from '../../spec/question.js';
import type { Scorer } from '../../spec/scorer.js';
import { fetaqaBleuRougeScorer } from './fetaqa-bleu-rouge.js';
import { finqaExecutionScorer } from './finqa-execution.js';
import { fredMaeScorer } from './fred-mae.js';
import { choiceLetterScorer, numericScorer, squadEmF1Scorer } from './generic-scorers.js';
import { gsm8kNumberScorer } from './gsm8k-number.js';
import { medmcqaLetterScorer } from './medmcqa-letter.js';
import { medqaLetterScorer } from './medqa-letter.js';
import { mmluLetterScorer } from './mmlu-letter.js';
import { mmqaEmF1Scorer } from './mmqa-em-f1.js';
import { pubmedqaDecisionScorer } from './pubmedqa-decision.js';
import { tatqaEmF1Scorer } from './tatqa-em-f1.js';
import { wtqDenotationScorer } from './wtq-denotation.js';

/**
 * The official scorer of each dataset with a published evaluator, by
 * dataset name (`src/datasets/registry.ts`). Datasets without one
 * (`generic`, `demo`, foreign traces) use `fallbackScorer`.
 */
export const SCORERS: ReadonlyMap<string, Scorer> = new Map<string, Scorer>([
  ['finqa', finqaExecutionScorer],
  ['fetaqa', fetaqaBleuRougeScorer],
  ['mmqa', mmqaEmF1Scorer],
  ['medqa', medqaLetterScorer],
  ['fred', fredMaeScorer],
  ['wtq', wtqDenotationScorer],
  ['tatqa', tatqaEmF1Scorer],
  ['gsm8k', gsm8kNumberScorer],
  ['mmlu', mmluLetterScorer],
  ['medmcqa', medmcqaLetterScorer],
  ['pubmedqa', pubmedqaDecisionScorer],
]);

/** The generic scorer for a gold's kind: option letters, numbers, or SQuAD EM/F1 for text (and no gold). */
export function fallbackScorer(gold: Gold): Scorer {
  switch (gold.kind) {
    case 'choice':
      return choiceLetterScorer;
    case 'number':
      return numericScorer;
    case 'text':
    case 'none':
      return squadEmF1Scorer;
  }
}

export {
  choiceLetterScorer,
  fetaqaBleuRougeScorer,
  finqaExecutionScorer,
  fredMaeScorer,
  gsm8kNumberScorer,
  medmcqaLetterScorer,
  medqaLetterScorer,
  mmluLetterScorer,
  mmqaEmF1Scorer,
  numericScorer,
  pubmedqaDecisionScorer,
  squadEmF1Scorer,
};
