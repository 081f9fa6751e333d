import { areAlignedAntonyms } from './antonym-pairs.js';
import { NOUN_NEGATIONS, QUANTIFIER_NEGATIONS, type Clause } from './clauses.js';

/** How much of a denied predicate, and of its subject, the affirmed clause must repeat: a share, and (for longer predicates) a count. */
const COVERAGE = 0.6;
const MIN_SHARED_PREDICATE = 3;
const STRONG_SHARED_PREDICATE = 4;

// An affirmed clause that only allows ("may choose to include") asserts nothing a denial could contradict.
const MODAL = /\b(?:may|might|could|can|possibly|possible|perhaps|sometimes|choose|chooses)\b/;
// A hedged denial ("may not always convey", "does not necessarily imply") denies nothing outright.
const HEDGED_DENIAL = /\b(?:may|might)\s+not\b|\bnot\s+(?:always|necessarily)\b/;
// A sentence that calls something wrong quotes what it affirms in order to reject it.
const REFUTING = /\b(?:incorrect(?:ly)?|inaccurate(?:ly)?|wrong(?:ly)?|mistaken(?:ly)?|erroneous(?:ly)?|false(?:ly)?|invalid)\b/;

// Adjectives that deny by themselves: "not grounded in X" and "unrelated to X" agree.
const NEGATIVE_ADJECTIVES = new Set(['unrelat', 'irrelevant', 'incorrect', 'inaccurat', 'invalid', 'insufficient', 'unlikely', 'inconsistent', 'incompatibl', 'unsupport', 'wrong', 'fals']);

/** A denied clause and the affirmed clause that says what it denies. */
export interface NegationMatch {
  denied: Clause;
  affirmed: Clause;
  /** Predicate stems the affirmed clause repeats. */
  shared: string[];
}

/**
 * Clause alignment for negation: one sentence denies what the other affirms
 * only when the denied predicate is the other clause's predicate, about the
 * same subject. "45,X is not trisomy" does not conflict with "47,XXX is
 * trisomy", nor "Option D is not correct" with "Option C is correct":
 * a bare negation ruling out one option says nothing against a sentence
 * about another.
 *
 * Found when a negated clause of `denying` has its predicate (the content
 * stems after the negator) in an affirmative clause of `affirming`: ≥ 60 %
 * of it, including the denied verb (its first word) and at least three
 * stems (all of a two-stem predicate), or four stems without the verb; a
 * one-stem predicate needs the subject too ("A man is not sleeping" / "A man
 * sleeps"), or a sentence that opens with its denial ("No one is dancing").
 * The subject — the clause's own stems before the negator, or for a pronoun
 * the first content word of the clause before it — must be ≥ 60 % in the affirmed clause or the clause
 * before that. Not counted: quantifier and noun-phrase negators ("none of
 * which", "without the crescent"), a contrast ("…, not the full scale"), an
 * affirmed clause that negates by itself ("peripheral to the central
 * thesis", "unrelated to") or only allows ("may choose to include", "it is
 * possible that …", also in the clause before), a hedged denial ("may not
 * always convey", "not necessarily"), an
 * affirming sentence that calls something wrong (it quotes to reject), or
 * a predicate the affirming sentence denies too.
 */
export function alignedNegation(denying: readonly Clause[], affirming: readonly Clause[]): NegationMatch | undefined {
  if (affirming.some((clause) => REFUTING.test(clause.text))) return undefined;
  for (const [index, denied] of denying.entries()) {
    if (!denied.negated || denied.cue === undefined || denied.contrast) continue;
    if (QUANTIFIER_NEGATIONS.has(denied.cue) || NOUN_NEGATIONS.has(denied.cue) || HEDGED_DENIAL.test(denied.text)) continue;
    const predicate = [...new Set(denied.predicate)];
    if (predicate.length === 0) continue;
    // "Birds drink seawater, but they do not use glands": a pronoun stands for the head of the clause before.
    const previousHead = denying[index - 1]?.stems[0];
    const subject = (denied.subject.length > 0 ? denied.subject : previousHead === undefined ? [] : [previousHead]).filter((stem) => !predicate.includes(stem));
    const deniedWords = denied.words.slice(denied.words.length - denied.predicate.length);
    for (const [at, affirmed] of affirming.entries()) {
      // "it is possible that …" hedges the clause it opens, which may be split from it.
      if (affirmed.negated || MODAL.test(affirmed.text) || MODAL.test(affirming[at - 1]?.text ?? '')) continue;
      const words = new Set(affirmed.stems);
      const context = new Set([...affirmed.stems, ...(affirming[at - 1]?.stems ?? [])]);
      if (subject.length > 0 && subject.filter((stem) => context.has(stem)).length < COVERAGE * subject.length) continue;
      const shared = predicate.filter((stem) => words.has(stem));
      const enough =
        predicate.length === 1
          ? shared.length === 1 && (subject.length > 0 || (index === 0 && denied.subject.length === 0))
          : shared.length >= (subject.length > 0 ? COVERAGE : 1) * predicate.length &&
            // The denied verb itself, or so much of the rest that the verb is only reworded ("use glands for absorption" / "absorb through glands").
            (shared.length >= STRONG_SHARED_PREDICATE || (words.has(predicate[0]!) && shared.length >= Math.min(MIN_SHARED_PREDICATE, predicate.length)));
      if (!enough) continue;
      if (affirmed.stems.some((stem) => NEGATIVE_ADJECTIVES.has(stem))) continue;
      // "not central" / "peripheral to the central thesis": the affirmed clause negates by an opposite word, and agrees.
      if (deniedWords.some((deniedWord) => affirmed.words.some((word) => areAlignedAntonyms(word, deniedWord)))) continue;
      // Both sentences deny it: agreement.
      if (affirming.some((clause) => clause.negated && shared.every((stem) => clause.predicate.includes(stem)))) continue;
      return { denied, affirmed, shared };
    }
  }
  return undefined;
}
