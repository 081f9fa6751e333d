import { STOP_WORDS } from '../stop-words.js';

/** A step with fewer content words than this says nothing specific. */
export const GENERIC_CONTENT_WORDS = 3;

// Words of MCQ and clinical boilerplate that name no fact ("the correct option for this patient").
const BOILERPLATE = new Set(['answer', 'option', 'options', 'choice', 'correct', 'case', 'patient', 'question', 'consider', 'considering', 'important', 'thing', 'things', 'way', 'based', 'given', 'likely', 'best']);

// Hedges and smoothing phrases. "most likely" is left out: it is how MCQ
// reasoning names its pick, not a hedge.
const HEDGE = new RegExp(
  String.raw`\b(?:may|might|could|possibly|perhaps|probably|maybe|unclear|uncertain|it depends|depending on|in general|generally|typically|usually|various|(?:several|many|other|a number of|multiple) factors|overall|it is important|it's important|important to consider|should be considered|further (?:evaluation|workup|investigation)|more information|additional information|not sure|difficult to say|hard to say|to some extent|in some cases)\b`,
  'i',
);

/** Words of a step that carry content: not stop words (the AD list) and not boilerplate. */
export function contentWords(step: string): string[] {
  return (step.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => !STOP_WORDS.has(word) && !BOILERPLATE.has(word));
}

/**
 * Whether a step is vague (FM3, a quorum definition): hedged (a hedge word
 * or smoothing phrase, see `HEDGE`) or generic (fewer than 3 content words
 * once stop words and boilerplate are removed). Deterministic and lexical.
 */
export function isVagueStep(step: string): boolean {
  const text = step.replace(/\bmost likely\b/gi, ' ');
  return HEDGE.test(text) || contentWords(step).length < GENERIC_CONTENT_WORDS;
}
