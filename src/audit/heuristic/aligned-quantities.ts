import { isStopWord } from '../text/stop-words.js';
import { stemWord } from '../text/stem-word.js';
import { wordTokens } from '../text/word-tokens.js';
import { findQuantities, numberValue, type Quantity } from './quantities.js';

/** What the quantity rule reads from one sentence (see `quantitySide`). */
export interface QuantitySide {
  text: string;
  quantities: Quantity[];
  /** The sentence computes (arithmetic operators), so its numbers are not claims. */
  computes: boolean;
  /** Content stems of the sentence. */
  stems: ReadonlySet<string>;
}

/** Reads a sentence for the quantity rule, once per batch. */
export function quantitySide(text: string, stems: ReadonlySet<string>): QuantitySide {
  const computes = ARITHMETIC.test(text);
  return { text, quantities: computes || HYPOTHETICAL.test(text) ? [] : findQuantities(text), computes, stems };
}

/** Two values for one measured or counted thing. */
export interface QuantityMatch {
  subject: string;
  detail: string;
}

// A step that computes ("320 / 20 = 16", "90 + 50") states operands and partial
// results, not claims: which of its numbers is "the" value cannot be checked.
const ARITHMETIC = /[=+×*÷]|\d\s*[-/]\s*\d|\b(?:plus|minus|times|divid\w*|multipl\w*|subtract\w*|add|adding|added|sum)\b/i;

// "If each box holds 4, Tom fills 9 boxes": values for a case the step sets up, not for the question.
const HYPOTHETICAL = /\b(?:if|suppose|supposing|assuming|hypothetically)\b/i;

// "Agent 1's solution" / "Agent 2's solution", "step 3", "round 2": numbers that name, not measure.
const NAMING_WORDS = new Set(['agent', 'solution', 'step', 'round', 'option', 'question', 'answer', 'case', 'figure', 'table', 'part', 'equation', 'scenario', 'approach', 'method', 'response', 'point', 'chapter', 'section'].map(stemWord));

/** Content stems the two sentences must share besides the measured thing, so that they speak of the same situation. */
const MIN_SHARED_CONTEXT = 2;

/**
 * Quantity and unit mismatch on the same entity: each sentence gives one
 * value for the same thing (the unit's dimension, or the counted noun:
 * "two dogs" / "three dogs", "5 mg" / "50 mg", "type 2" / "type 1"),
 * anchored to the same word (the content word before each number is the
 * same: "the dose is 5 mg" / "the dose is 50 mg", not "the capacity is
 * 5000 pounds" / "the remaining weight is 1245 pounds"), the values differ
 * after unit conversion, the sentences share at least two other content
 * stems, and neither computes (a step of arithmetic is not a claim about the
 * value).
 */
export function alignedQuantities(left: QuantitySide, right: QuantitySide): QuantityMatch[] {
  if (left.computes || right.computes) return [];
  const leftQuantities = left.quantities;
  const rightQuantities = right.quantities;
  const context = [left.stems, right.stems] as const;
  const found: QuantityMatch[] = [];
  const subjects = new Set(leftQuantities.map((quantity) => quantity.subject).filter((subject) => subject !== undefined));
  for (const subject of subjects) {
    const a = distinct(leftQuantities.filter((quantity) => quantity.subject === subject));
    const b = distinct(rightQuantities.filter((quantity) => quantity.subject === subject));
    // Several values for one thing in a sentence ("47 and 52 WPM") list, they do not claim.
    if (a.length !== 1 || b.length !== 1 || sameAmount(a[0]!, b[0]!)) continue;
    const anchor = anchorOf(left.text, a[0]!.value);
    if (anchor !== anchorOf(right.text, b[0]!.value) || (anchor !== undefined && NAMING_WORDS.has(anchor))) continue;
    if (names(left.text, a[0]!.value) || names(right.text, b[0]!.value)) continue;
    // "3 inches after the first week" / "13 inches after 3 weeks": a time in one step only qualifies its value.
    if (hasTime(leftQuantities) !== hasTime(rightQuantities)) continue;
    const shared = [...context[0]].filter((stem) => stem !== subject && context[1].has(stem));
    if (shared.length < MIN_SHARED_CONTEXT) continue;
    found.push({ subject, detail: `${describe(a[0]!)} / ${describe(b[0]!)}` });
  }
  return found;
}

/** Stem of the content word before the first mention of `value` ('' at the start of the sentence). */
function anchorOf(text: string, value: number): string | undefined {
  const tokens = wordTokens(text.replace(/\\boxed\s*\{/g, ' {'));
  const at = tokens.findIndex((token) => numberValue(token) === value);
  if (at === -1) return undefined;
  for (let k = at - 1; k >= 0; k--) {
    const token = tokens[k]!;
    if (!isStopWord(token) && numberValue(token) === undefined) return stemWord(token);
  }
  return '';
}

/** The number follows a content word directly ("day 26", "Agent 2"): it names, it does not measure. */
function names(text: string, value: number): boolean {
  const tokens = wordTokens(text.replace(/\\boxed\s*\{/g, ' {'));
  const at = tokens.findIndex((token) => numberValue(token) === value);
  const before = tokens[at - 1];
  const after = tokens[at + 1];
  // Nothing counted follows: "day 26." names a day, "5 days" counts them.
  const bare = after === undefined || isStopWord(after);
  return at > 0 && before !== undefined && !isStopWord(before) && numberValue(before) === undefined && bare;
}

function hasTime(quantities: readonly Quantity[]): boolean {
  return quantities.some((quantity) => quantity.dimension === 'time');
}

function distinct(quantities: readonly Quantity[]): Quantity[] {
  return quantities.filter((quantity, index) => quantities.findIndex((other) => sameAmount(other, quantity)) === index);
}

function sameAmount(a: Quantity, b: Quantity): boolean {
  if (a.baseValue !== undefined && b.baseValue !== undefined && a.dimension === b.dimension) {
    return Math.abs(a.baseValue - b.baseValue) <= 1e-9 * Math.max(Math.abs(a.baseValue), Math.abs(b.baseValue));
  }
  return a.value === b.value && a.unit === b.unit;
}

function describe(quantity: Quantity): string {
  return `${quantity.value}${quantity.unit === undefined ? '' : ` ${quantity.unit}`}`;
}
