import { areAntonyms } from './antonym-pairs.js';
import { QUANTIFIER_NEGATIONS, type Clause } from './clauses.js';

/** How much of a denied predicate the other clause must repeat: a share, and (for longer predicates) a count. */
const PREDICATE_COVERAGE = 0.6;
const MIN_SHARED_PREDICATE = 3;
const STRONG_SHARED_PREDICATE = 4;

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
 * about another. Found when a negated clause of `denying` has its
 * predicate (≥ 60 % of its content stems: its first word — the denied verb
 * — and at least three in all, or all of a two-stem predicate; or four
 * without the verb; or its one stem with a shared subject) in an affirmative clause of `affirming`, whose own
 * sentence does not deny it too nor say it with an opposite word, and the
 * subject — the clause's own, or for a pronoun the clause before it —
 * appears in `affirming`; with no subject at all, the whole predicate must
 * be repeated. Quantifier negations ("none of which …") rule other options
 * out and never count.
 */
export function alignedNegation(denying: readonly Clause[], affirming: readonly Clause[]): NegationMatch | undefined {
  let found: NegationMatch | undefined;
  const affirmingStems = new Set(affirming.flatMap((clause) => clause.stems));
  denying.forEach((denied, index) => {
    if (found !== undefined || !denied.negated || denied.cue === undefined || QUANTIFIER_NEGATIONS.has(denied.cue)) return;
    const predicate = [...new Set(denied.predicate)];
    if (predicate.length === 0) return;
    // "…, they do not use glands": a pronoun subject stands for what the clause before named.
    const subject = denied.subject.length > 0 ? denied.subject : (denying[index - 1]?.stems ?? []);
    if (subject.length > 0 && !subject.some((stem) => affirmingStems.has(stem))) return;
    for (const affirmed of affirming) {
      if (affirmed.negated) continue;
      const words = new Set(affirmed.stems);
      const shared = predicate.filter((stem) => words.has(stem));
      const enough =
        predicate.length === 1
          ? // "A man is not sleeping" / "A man sleeps"; or a sentence that opens with its denial ("No one is dancing").
            shared.length === 1 && (denied.subject.some((stem) => words.has(stem)) || (index === 0 && denied.subject.length === 0))
          : shared.length >= (subject.length > 0 ? PREDICATE_COVERAGE : 1) * predicate.length &&
            // The denied verb itself, or so much of the rest that the verb is only reworded ("use glands for absorption" / "absorb through glands").
            (shared.length >= STRONG_SHARED_PREDICATE || (words.has(predicate[0]!) && shared.length >= Math.min(MIN_SHARED_PREDICATE, predicate.length)));
      if (!enough) continue;
      // "not central" / "peripheral to the central thesis": the affirmed clause negates by an opposite word, and agrees.
      const deniedWords = denied.words.slice(denied.words.length - denied.predicate.length);
      if (deniedWords.some((deniedWord) => affirmed.words.some((word) => areAntonyms(word, deniedWord)))) continue;
      // Both sentences deny it ("X does not bind" / "X binds? No, X does not bind"): agreement.
      if (affirming.some((clause) => clause.negated && shared.every((stem) => clause.predicate.includes(stem)))) continue;
      found = { denied, affirmed, shared };
      return;
    }
  });
  return found;
}
