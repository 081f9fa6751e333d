import { stemWord } from '../text/stem-word.js';
import { wordTokens } from '../text/word-tokens.js';

/**
 * A text as a sequence of stemmed parts for phrase matching: hyphenated
 * words and letter-digit names are split ("beta-1" = "beta1" = "β1" =
 * "beta 1" → `beta 1`; "beta-blockers" → `beta blocker`; "M2" → `m 2`), so
 * one phrase list matches every spelling.
 */
export function termSequence(text: string): string[] {
  const parts: string[] = [];
  for (const token of wordTokens(text)) {
    for (const piece of token.split('-')) {
      const letterDigit = /^([a-z]+)(\d+)$/.exec(piece);
      if (letterDigit !== null) parts.push(letterDigit[1]!, letterDigit[2]!);
      else if (piece !== '') parts.push(stemWord(piece));
    }
  }
  return parts;
}
