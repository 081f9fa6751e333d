import { isStopWord } from '../text/stop-words.js';
import { stemWord } from '../text/stem-word.js';
import { wordTokens } from '../text/word-tokens.js';
import { findExclusiveTerms, type FoundTerm } from './exclusive-terms.js';
import { NEGATION_CUES } from './negation-cues.js';
import { findQuantities, isUnitWord, type Quantity } from './quantities.js';
import { termSequence } from './term-sequence.js';

/** Comparison words that are stop words elsewhere but reverse a claim when swapped ("more"/"less", "up"/"down"). */
const POLAR_STOP_WORDS: ReadonlySet<string> = new Set(['more', 'less', 'before', 'after', 'above', 'below', 'up', 'down']);

/** What the heuristic NLI model reads from one sentence. */
export interface SentenceFacts {
  /** Content words (lower case, no stop words or negation cues), for antonym checks. */
  words: string[];
  /** Stems of the content words, for overlap. */
  stems: Set<string>;
  /** Number of negation cues. */
  negations: number;
  quantities: Quantity[];
  /** Exclusive-group members named (see `EXCLUSIVE_GROUPS`). */
  terms: FoundTerm[];
  /** The stemmed parts the terms were found in. */
  sequence: string[];
}

/** Reads the facts of a sentence; pure and deterministic. */
export function sentenceFacts(text: string): SentenceFacts {
  const tokens = wordTokens(text);
  const words: string[] = [];
  let negations = 0;
  tokens.forEach((token, index) => {
    if (NEGATION_CUES.has(token)) negations++;
    // A unit after a number belongs to the quantity ("5 mg" = "0.005 g"), compared by the quantity rule.
    else if (isUnitWord(token) && /^\d/.test(tokens[index - 1] ?? '')) return;
    else if (!isStopWord(token) || POLAR_STOP_WORDS.has(token)) words.push(token);
  });
  const sequence = termSequence(text);
  return {
    words,
    stems: new Set(words.filter((word) => !isStopWord(word) && !/^\d/.test(word)).map(stemWord)),
    negations,
    quantities: findQuantities(text),
    terms: findExclusiveTerms(sequence),
    sequence,
  };
}
