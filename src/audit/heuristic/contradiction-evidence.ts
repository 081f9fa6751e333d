import { stemWord } from '../text/stem-word.js';
import { areAntonyms } from './antonym-pairs.js';
import { EXCLUSIVE_GROUPS } from './exclusive-terms.js';
import type { Quantity } from './quantities.js';
import type { SentenceFacts } from './sentence-facts.js';

/** Which rule found a conflict. */
export type ConflictRule = 'negation' | 'antonym' | 'number' | 'unit' | 'exclusive';

/** One reason two sentences disagree. */
export interface Conflict {
  rule: ConflictRule;
  /** Log-odds weight before the overlap gate. */
  weight: number;
  /** Words or values involved, for explanations. */
  detail: string;
  /** Hypothesis stems that carry the conflict, left out when measuring how much else overlaps. */
  stems: string[];
}

const NEGATION_WEIGHT = 3.2;
const ANTONYM_WEIGHT = 3.2;
const NUMBER_WEIGHT = 3;
const UNIT_WEIGHT = 3;

/**
 * Polarity conflicts (negation mismatch, antonyms) compose by parity: "does
 * not increase" vs "decreases" is one negation plus one antonym, which
 * agree; an odd count of flips is a conflict.
 */
export function polarityConflicts(premise: SentenceFacts, hypothesis: SentenceFacts): Conflict[] {
  const flips: Conflict[] = [];
  if (premise.negations % 2 !== hypothesis.negations % 2) {
    flips.push({ rule: 'negation', weight: NEGATION_WEIGHT, detail: `negations ${premise.negations} vs ${hypothesis.negations}`, stems: [] });
  }
  const premiseWords = new Set(premise.words);
  const hypothesisWords = new Set(hypothesis.words);
  const seen = new Set<string>();
  for (const left of premiseWords) {
    if (hypothesisWords.has(left)) continue;
    for (const right of hypothesisWords) {
      // Both words on both sides ("high and low doses") is a range, not a reversal.
      if (premiseWords.has(right) || !areAntonyms(left, right)) continue;
      const key = `${stemWord(left)}|${stemWord(right)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      flips.push({ rule: 'antonym', weight: ANTONYM_WEIGHT, detail: `${left} / ${right}`, stems: [stemWord(right)] });
    }
  }
  return flips.length % 2 === 1 ? flips : [];
}

/** Different values for the same measured thing, or one value in incompatible units. */
export function quantityConflicts(premise: SentenceFacts, hypothesis: SentenceFacts): Conflict[] {
  const conflicts: Conflict[] = [];
  const subjects = new Set(hypothesis.quantities.map((quantity) => quantity.subject).filter((subject) => subject !== undefined));
  for (const subject of subjects) {
    const ofPremise = premise.quantities.filter((quantity) => quantity.subject === subject);
    const ofHypothesis = hypothesis.quantities.filter((quantity) => quantity.subject === subject);
    if (ofPremise.length === 0 || ofHypothesis.some((h) => ofPremise.some((p) => sameAmount(p, h)))) continue;
    const sameNumberOtherUnit = ofHypothesis.some((h) => ofPremise.some((p) => p.value === h.value && p.unit !== h.unit));
    conflicts.push({
      rule: sameNumberOtherUnit ? 'unit' : 'number',
      weight: sameNumberOtherUnit ? UNIT_WEIGHT : NUMBER_WEIGHT,
      detail: `${describe(ofPremise)} vs ${describe(ofHypothesis)}`,
      stems: subject === undefined ? [] : [subject],
    });
  }
  // "20%" vs "20 patients": a share and a count are not the same claim.
  for (const h of hypothesis.quantities) {
    const p = premise.quantities.find((candidate) => candidate.value === h.value && (candidate.dimension === 'percent') !== (h.dimension === 'percent'));
    if (p !== undefined && !premise.quantities.some((candidate) => sameAmount(candidate, h))) {
      conflicts.push({ rule: 'unit', weight: UNIT_WEIGHT, detail: `${describe([p])} vs ${describe([h])}`, stems: [] });
    }
  }
  return conflicts;
}

/**
 * Different members of one exclusive group ("M2" vs "beta 1", "man" vs
 * "woman"), when neither sentence also names the other's member.
 */
export function exclusiveConflicts(premise: SentenceFacts, hypothesis: SentenceFacts): Conflict[] {
  const conflicts: Conflict[] = [];
  const membersOf = (facts: SentenceFacts, group: number): Set<number> =>
    new Set(facts.terms.filter((term) => term.group === group).map((term) => term.member));
  const groups = new Set(hypothesis.terms.map((term) => term.group));
  for (const group of groups) {
    if (EXCLUSIVE_GROUPS[group]!.alignedOnly === true) continue;
    const inPremise = membersOf(premise, group);
    const inHypothesis = membersOf(hypothesis, group);
    if (inPremise.size === 0) continue;
    const onlyHypothesis = [...inHypothesis].filter((member) => !inPremise.has(member));
    const onlyPremise = [...inPremise].filter((member) => !inHypothesis.has(member));
    // A shared member means both talk about it; the other names may be extra detail.
    if (onlyHypothesis.length === 0 || onlyPremise.length === 0 || onlyHypothesis.length < inHypothesis.size) continue;
    const spec = EXCLUSIVE_GROUPS[group]!;
    const stems = hypothesis.terms
      .filter((term) => term.group === group)
      .flatMap((term) => hypothesis.sequence.slice(term.start, term.start + term.length));
    conflicts.push({
      rule: 'exclusive',
      weight: spec.weight,
      detail: `${spec.name}: ${onlyPremise.map((m) => spec.classes[m]![0]).join(', ')} vs ${onlyHypothesis.map((m) => spec.classes[m]![0]).join(', ')}`,
      stems,
    });
  }
  return conflicts;
}

function sameAmount(a: Quantity, b: Quantity): boolean {
  if (a.baseValue !== undefined && b.baseValue !== undefined && a.dimension === b.dimension) {
    return Math.abs(a.baseValue - b.baseValue) <= 1e-9 * Math.max(Math.abs(a.baseValue), Math.abs(b.baseValue));
  }
  return a.value === b.value && a.unit === b.unit;
}

function describe(quantities: readonly Quantity[]): string {
  return quantities.map((quantity) => `${quantity.value}${quantity.unit === undefined ? '' : ` ${quantity.unit}`}`).join(', ');
}
