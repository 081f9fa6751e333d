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
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/['’]s$/, '');
    if (word.length < 2 || /['’]/.test(word) || STOP_WORDS.has(word)) continue;
    words.add(word);
  }
  return words;
}
