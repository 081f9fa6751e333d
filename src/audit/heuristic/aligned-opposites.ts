import { isStopWord } from '../text/stop-words.js';
import { areAlignedAntonyms } from './antonym-pairs.js';
import type { Clause } from './clauses.js';
import { EXCLUSIVE_GROUPS } from './exclusive-terms.js';

/** Two words or terms that cannot both hold of the thing they describe. */
export interface OppositeMatch {
  rule: 'antonym' | 'exclusive';
  /** Evidence weight (log-odds units). */
  weight: number;
  detail: string;
}

const ANTONYM_WEIGHT = 3;
/** Content stems two clauses must share besides the antonyms (their neighbour included). */
const MIN_SHARED_CLAIM = 3;
/** Enough when the same word stands on both sides of the antonyms ("the buyer is liable for damages" / "the buyer is entitled to damages"). */
const MIN_SHARED_SANDWICHED = 2;
/** How many content words on each side of an exclusive term make its slot. */
const TERM_WINDOW = 2;

// Options are compared by what is claimed about them (answer-claims.ts), not by being named:
// "A is normal" beside "D is monosomy" names two options and contradicts nothing.
const SKIPPED_GROUPS = new Set(['answer option']);
// People are told apart by sex and age only as the one a clause is about ("a man is sleeping" /
// "a woman is sleeping"); elsewhere they are different people ("the mother's salary" / "her brother's salary").
const SUBJECT_ONLY_GROUPS = new Set(['sex', 'age']);

/**
 * Slot alignment for opposites: "lateral pterygoid" / "medial pterygoid",
 * "increases heart rate" / "decreases heart rate", "a man is sleeping" /
 * "a woman is sleeping" — the two words fill the same slot: an antonym has
 * the same content word right after it (or right before) as the other, the
 * clauses share three content words in all (the same claim; two when the
 * same word stands both right before and right after each), and the pair does
 * not open both clauses ("the lateral pterygoid …" / "the medial pterygoid
 * …" are two muscles); an exclusive term shares a content
 * word within two on either side (people by sex or age only as the clause's
 * subject). Neither clause may be negated ("does not increase" /
 * "decreases" agree), and neither sentence may name both ("high and low
 * doses" is a range).
 */
export function alignedOpposites(left: readonly Clause[], right: readonly Clause[]): OppositeMatch[] {
  const found: OppositeMatch[] = [];
  const leftWords = new Set(left.flatMap((clause) => clause.words));
  const rightWords = new Set(right.flatMap((clause) => clause.words));
  for (const a of left) {
    for (const b of right) {
      // A negated clause ("does not increase", "lack of activity") may say the same with the other word.
      if (a.negated || b.negated) continue;
      a.words.forEach((word, i) => {
        b.words.forEach((other, j) => {
          if (rightWords.has(word) || leftWords.has(other) || !areAlignedAntonyms(word, other)) return;
          // "The lateral pterygoid …" / "The medial pterygoid …" open with what they are about: two things, not two claims.
          if ((i === 0 && j === 0) || !sameNeighbour(a.stems, i, b.stems, j)) return;
          // The same claim, not two things that share a word ("critical for osmotic balance" / "worsen osmotic imbalance").
          const others = new Set(b.stems);
          const sharedOthers = new Set(a.stems.filter((stem, k) => k !== i && others.has(stem)));
          if (sharedOthers.size < (sandwiched(a.stems, i, b.stems, j) ? MIN_SHARED_SANDWICHED : MIN_SHARED_CLAIM)) return;
          found.push({ rule: 'antonym', weight: ANTONYM_WEIGHT, detail: `${word} / ${other}` });
        });
      });
      if (!reportedOrRejected(left, a) && !reportedOrRejected(right, b)) found.push(...exclusiveInSlot(a, b, left, right));
    }
  }
  return found;
}

function exclusiveInSlot(a: Clause, b: Clause, left: readonly Clause[], right: readonly Clause[]): OppositeMatch[] {
  const found: OppositeMatch[] = [];
  const sequenceA = a.sequence;
  const sequenceB = b.sequence;
  const membersIn = (clauses: readonly Clause[], group: number): Set<number> =>
    new Set(clauses.flatMap((clause) => clause.terms).filter((term) => term.group === group).map((term) => term.member));
  for (const x of a.terms) {
    const spec = EXCLUSIVE_GROUPS[x.group]!;
    if (SKIPPED_GROUPS.has(spec.name)) continue;
    for (const y of b.terms) {
      if (y.group !== x.group || y.member === x.member || a.negated || b.negated) continue;
      if (SUBJECT_ONLY_GROUPS.has(spec.name) && !(opensClause(sequenceA, x.start) && opensClause(sequenceB, y.start))) continue;
      if (membersIn(right, x.group).has(x.member) || membersIn(left, x.group).has(y.member)) continue;
      const aroundX = around(sequenceA, x.start, x.length);
      if (!around(sequenceB, y.start, y.length).some((part) => aroundX.includes(part))) continue;
      found.push({ rule: 'exclusive', weight: spec.weight, detail: `${spec.name}: ${spec.classes[x.member]![0]} / ${spec.classes[y.member]![0]}` });
    }
  }
  return found;
}

// A term named in a clause that reports an earlier view or rejects what it names ("I initially
// concluded A) … cis", "C incorrectly labels trans configurations", "rules out trans (C)") is not claimed.
const REPORTED_OR_REJECTED = /\b(?:incorrect(?:ly)?|wrong(?:ly)?|mistaken(?:ly)?|erroneous(?:ly)?|initially|previously|at first|reject(?:s|ed|ing)?|rul(?:e|es|ed|ing) out)\b/;
/**
 * How many clauses after a term's clause can still reject it ("B) … cis, but still rejected it");
 * the clause before counts too, since an option label cuts a clause ("I initially concluded … A) | 18 carbons … cis").
 */
const CLAUSES_AFTER = 2;

function reportedOrRejected(clauses: readonly Clause[], clause: Clause): boolean {
  const at = clauses.indexOf(clause);
  return clauses.slice(Math.max(0, at - 1), at + 1 + CLAUSES_AFTER).some((each) => REPORTED_OR_REJECTED.test(each.text));
}

/** No content part before `at`: the term is what the clause is about. */
function opensClause(sequence: readonly string[], at: number): boolean {
  return sequence.slice(0, at).every((part) => isStopWord(part));
}

/** Content parts within `TERM_WINDOW` content words before and after a term ("a man **playing** an electric guitar"). */
function around(sequence: readonly string[], start: number, length: number): string[] {
  const parts: string[] = [];
  const walk = (from: number, step: 1 | -1): void => {
    let taken = 0;
    for (let k = from; k >= 0 && k < sequence.length && taken < TERM_WINDOW; k += step) {
      if (isStopWord(sequence[k]!)) continue;
      parts.push(sequence[k]!);
      taken++;
    }
  };
  walk(start - 1, -1);
  walk(start + length, 1);
  return parts;
}

/** The same stem right before both words and the same stem right after both: one slot, two fillers. */
function sandwiched(a: readonly string[], i: number, b: readonly string[], j: number): boolean {
  const before = a[i - 1];
  const after = a[i + 1];
  return before !== undefined && after !== undefined && before === b[j - 1] && after === b[j + 1];
}

/** The stem after one word is the stem after the other (or the one before is). */
function sameNeighbour(a: readonly string[], i: number, b: readonly string[], j: number): boolean {
  const afterA = a[i + 1];
  const beforeA = a[i - 1];
  return (afterA !== undefined && afterA === b[j + 1]) || (beforeA !== undefined && beforeA === b[j - 1]);
}
