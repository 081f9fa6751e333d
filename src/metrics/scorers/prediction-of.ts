import { type ParsedAnswer, statedAnswer } from '../../spec/answer.js';
import type { Prediction } from '../../spec/scorer.js';

/** What a scorer reads of a parsed answer: the answer as stated, with its stated scale. */
export function predictionOf(answer: ParsedAnswer): Prediction {
  const stated = statedAnswer(answer);
  return stated !== null && answer.scale !== undefined ? { answer: stated, scale: answer.scale } : { answer: stated };
}
