import { isStopWord } from '../text/stop-words.js';
import { stemWord } from '../text/stem-word.js';
import { normaliseText, wordTokens } from '../text/word-tokens.js';
import { findExclusiveTerms, type FoundTerm } from './exclusive-terms.js';
import { termSequence } from './term-sequence.js';

/**
 * Words that deny (some of) the clause they stand in ("does not cross",
 * "cannot form", "fails to bind", "denies pain", "fever is absent",
 * "without exceeding the limit", "lack of enforcement"). A clause with any
 * of them is negated: double negation is rare in reasoning steps, and two
 * negators often deny different parts ("will not develop … as it lacks …").
 */
const CLAUSE_NEGATIONS: ReadonlySet<string> = new Set([
  'not', 'no', 'never', 'cannot', 'none', 'nobody', 'nothing', 'neither', 'nor', 'fail', 'fails', 'failed', 'unable', 'deny', 'denies', 'denied', 'absent',
  'without', 'absence', 'lack', 'lacks', 'lacked', 'lacking',
]);

/**
 * Negators that quantify over other things ("none of which are central",
 * "neither A nor C"): in reasoning steps they rule options out, so they count
 * for a clause's polarity but never start a conflict of their own.
 * ("Nobody is dancing" denies a scene and does count.)
 */
export const QUANTIFIER_NEGATIONS: ReadonlySet<string> = new Set(['none', 'neither', 'nor']);

/**
 * Negators that make a clause negative but never start a conflict: they
 * restrict a noun phrase ("the blastomere without the gray crescent", "the
 * absence of one chromosome", "lack of erosion") rather than deny a claim.
 */
export const NOUN_NEGATIONS: ReadonlySet<string> = new Set(['without', 'absence', 'lack', 'lacks', 'lacked', 'lacking']);

// "not only … but also", "not solely": the clause adds, it does not deny.
const NOT_A_DENIAL_AFTER_NOT = new Set(['only', 'solely', 'just', 'merely', 'simply']);

/** Punctuation and conjunctions that start a new claim ("X is normal, while Y is trisomy"). */
export const CLAUSE_BREAK = /[,;:()\[\]{}—–]|\s-\s|\b(?:but|while|whereas|although|though|however|yet|because|since|which|so|then|thus|therefore|instead|rather)\b/u;

/** One clause of a sentence, as the aligned rules read it. */
export interface Clause {
  /** The clause's text (normalised, options marked). */
  text: string;
  /** Content words (no stop words, no negators), in order; hyphenated words split. */
  words: string[];
  /** Their stems, position by position. */
  stems: string[];
  /** The clause has a negator: it denies (some of) what its words say. */
  negated: boolean;
  /** The first negator, when the clause is negated. */
  cue: string | undefined;
  /** The negator opens the clause ("…, not the full scale"): a contrast with an alternative, not a denied claim. */
  contrast: boolean;
  /** Content stems before the first negator (what the clause is about). */
  subject: string[];
  /** Content stems after the first negator (what is denied of it). */
  predicate: string[];
  /** The clause as stemmed parts for phrase matching (`termSequence`), and the exclusive terms found in it. */
  sequence: string[];
  terms: FoundTerm[];
}

// "option D", "choice (B)", "(C)": one token per option ("optiond"), so that a
// letter is never lost as a stop word ("a", "d") and two options never match.
const OPTION_MENTION = /\b(?:option|choice)\s*\(?([a-e])\)?(?![\p{L}\p{N}])|\(([a-e])\)/gu;

/** The text with option mentions as single tokens (see `OPTION_MENTION`). */
export function markOptions(text: string): string {
  return normaliseText(text).replace(OPTION_MENTION, (_, named: string | undefined, bare: string | undefined) => ` option${named ?? bare} `);
}

/** Splits a sentence into clauses at punctuation and clause-joining words. Pure. */
export function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  for (const piece of markOptions(text).split(new RegExp(CLAUSE_BREAK, 'gu'))) {
    const words: string[] = [];
    let negators = 0;
    let cue: string | undefined;
    let cueAt = -1;
    let contrast = false;
    const tokens = wordTokens(piece);
    tokens.forEach((token, index) => {
      if (CLAUSE_NEGATIONS.has(token) && !(token === 'not' && NOT_A_DENIAL_AFTER_NOT.has(tokens[index + 1] ?? ''))) {
        negators++;
        if (cue === undefined) {
          cue = token;
          cueAt = words.length;
          contrast = index === 0 && clauses.length > 0;
        }
      } else if (!isStopWord(token)) {
        // "salt-exchange" and "salt exchange" are one phrase.
        for (const part of token.split('-')) if (part !== '' && !isStopWord(part)) words.push(part);
      }
    });
    if (words.length === 0 && negators === 0) continue;
    const negated = negators > 0;
    const stems = words.map(stemWord);
    const sequence = termSequence(piece);
    clauses.push({
      sequence,
      terms: findExclusiveTerms(sequence),
      text: piece,
      words,
      stems,
      negated,
      cue: negated ? cue : undefined,
      contrast,
      subject: negated ? stems.slice(0, cueAt) : stems,
      predicate: negated ? stems.slice(cueAt) : [],
    });
  }
  return clauses;
}
