import { STOP_WORDS } from '../stop-words.js';

// A word starts with a letter and may carry digits, inner hyphens and one apostrophe part ("covid-19", "agent's", "don't").
const WORD = /\p{L}[\p{L}\p{M}\p{N}]*(?:[-'’][\p{L}\p{M}\p{N}]+)*/gu;

/**
 * The content words of a text, as used by argument diversity (AD): words
 * lower-cased, a possessive `'s` dropped, then removed when they are stop
 * words (src/metrics/stop-words.ts), contractions ("don't", "we're": what
 * is left with an apostrophe is a function word), or a single letter (option
 * letters and agent initials say nothing about the argument). Numbers are
 * not words here: forecasts differ by number, and CF measures that.
 */
export function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  // An exec loop on the shared pattern: matchAll clones the pattern and makes an iterator per text (a turn's rationale, per round summary).
  const lower = text.toLowerCase();
  WORD.lastIndex = 0;
  for (let match = WORD.exec(lower); match !== null; match = WORD.exec(lower)) {
    const word = withoutPossessive(match[0]);
    if (word.length < 2 || word.includes("'") || word.includes('’') || STOP_WORDS.has(word)) continue;
    words.add(word);
  }
  return words;
}

/** The word without a final `'s` / `’s` (WORD never matches an empty string, so the loop above always moves on). */
function withoutPossessive(word: string): string {
  return word.length > 2 && word.charCodeAt(word.length - 1) === 115 && (word[word.length - 2] === "'" || word[word.length - 2] === '’') ? word.slice(0, -2) : word;
}
