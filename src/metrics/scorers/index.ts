import type { Gold } from '../../spec/question.js';
import type { Scorer } from '../../spec/scorer.js';
import { legacyScorer } from './legacy-scorer.js';

/** The official scorer of each dataset that has one, by dataset name. */
export const SCORERS: ReadonlyMap<string, Scorer> = new Map();

/** The generic scorer for a question of a dataset without an official evaluator, by its gold's kind. */
export function fallbackScorer(_gold: Gold): Scorer {
  return legacyScorer;
}
