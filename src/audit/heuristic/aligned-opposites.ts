import { isStopWord } from '../text/stop-words.js';
import { areAntonyms } from './antonym-pairs.js';
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
/** How many content words on each side of an exclusive term make its slot. */
const TERM_WINDOW = 2;

// Options are compared by what is claimed about them (answer-claims.ts), not by being named:
// "A is normal" beside "D is monosomy" names two options and contradicts nothing.
const SKIPPED_GROUPS = new Set(['answer option']);

/**
 * Slot alignment for opposites: "lateral pterygoid" / "medial pterygoid",
 * "increases heart rate" / "decreases heart rate", "a man is sleeping" /
 * "a woman is sleeping" — the two words fill the same slot: an antonym has
 * a content word next to it that is next to the other too; an exclusive term
 * shares a content word within two on either side. Clauses must have the
 * same polarity ("does not increase" / "decreases" agree), and neither
 * sentence may name both ("high and low doses" is a range).
 */
export function alignedOpposites(left: readonly Clause[], right: readonly Clause[]): OppositeMatch[] {
  const found: OppositeMatch[] = [];
  const leftWords = new Set(left.flatMap((clause) => clause.words));
  const rightWords = new Set(right.flatMap((clause) => clause.words));
  for (const a of left) {
    for (const b of right) {
      if (a.negated !== b.negated) continue;
      a.words.forEach((word, i) => {
        b.words.forEach((other, j) => {
          if (rightWords.has(word) || leftWords.has(other) || !areAntonyms(word, other)) return;
          if (!sameNeighbour(a.stems, i, b.stems, j)) return;
          found.push({ rule: 'antonym', weight: ANTONYM_WEIGHT, detail: `${word} / ${other}` });
        });
      });
      found.push(...exclusiveInSlot(a, b, left, right));
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
      if (y.group !== x.group || y.member === x.member) continue;
      if (membersIn(right, x.group).has(x.member) || membersIn(left, x.group).has(y.member)) continue;
      const aroundX = around(sequenceA, x.start, x.length);
      if (!around(sequenceB, y.start, y.length).some((part) => aroundX.includes(part))) continue;
      found.push({ rule: 'exclusive', weight: spec.weight, detail: `${spec.name}: ${spec.classes[x.member]![0]} / ${spec.classes[y.member]![0]}` });
    }
  }
  return found;
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

/** A stem next to one word (before or after it) is next to the other too: "a yellow flower" / "the flower is blue". */
function sameNeighbour(a: readonly string[], i: number, b: readonly string[], j: number): boolean {
  const nextToA = [a[i - 1], a[i + 1]].filter((stem) => stem !== undefined);
  return [b[j - 1], b[j + 1]].some((stem) => stem !== undefined && nextToA.includes(stem));
}
