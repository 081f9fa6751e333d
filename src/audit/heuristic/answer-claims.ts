import { isStopWord } from '../text/stop-words.js';
import { stemWord } from '../text/stem-word.js';
import { normaliseText, wordTokens } from '../text/word-tokens.js';
import { CLAUSE_BREAK } from './clauses.js';

/**
 * The answer a reasoning step commits to: an option letter ("the correct
 * answer is (C)", "option D is the closest match", Du et al.'s "(X) B) …")
 * or a number with what it counts (`\boxed{16 inches}`). Two steps that
 * commit to different answers of one question contradict each other — the
 * plainest contradiction in debate text, where agents that disagree say so
 * in their conclusions.
 */
export type AnswerClaim =
  | { kind: 'option'; option: string }
  | {
      kind: 'number';
      value: number;
      unit: string | undefined;
      /** The step says this is its answer (see `FINAL_ANSWER`). */
      final: boolean;
      /** Content stems of what the step says before the box ("total amount money together"): what the number is of. */
      frame: string[];
    };

const BOXED = /\\boxed\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g;

// An option given a positive verdict. The letter is captured; up to six words may
// sit between the option and the verdict ("Option B's 0.9609 for W-band is the closest match").
const OPTION_VERDICTS: readonly RegExp[] = [
  /\(x\)\s*\(?([a-e])\)\s/,
  /\banswer\s+(?:is|remains|would be|should be|must be)\s*:?\s*(?:option\s*)?\(?([a-e])\b\)?/,
  /\b(?:option|choice)\s*\(?([a-e])\)?(?:'s)?(?:\s+[^\s;:!?]+){0,6}?\s+(?:is|remains|seems to be|appears to be|would be)\s+(?:the\s+)?(?:correct|right|best|closest|most (?:accurate|plausible|appropriate|consistent|likely))\b/,
  /\b(?:option|choice)\s*\(?([a-e])\)?\s+(?:best|most closely)\s+(?:reflects|matches|fits|captures|describes)\b/,
  /\baligning with option\s*\(?([a-e])\)?/,
  // "the accurate description is D, as …": the letter must end there (not "the answer is a …").
  /\b(?:correct|accurate|right|best)\s+(?:description|choice|statement)\s+(?:is|remains|would be)\s*:?\s*\(?([a-e])(?:\)|(?=[\s,.;:]*$)|(?=[,.;:]))/,
  // An option-by-option review: "C: Correct—matches 18 carbons …".
  /^\W*\(?([a-e])\)?\s*:\s*(?:correct|right|true)\b/,
];

// An answer in a clause like these (or the two after it: "\boxed{57}, although …, is
// not the average") is reported, doubted or refuted, not claimed.
const NOT_A_CLAIM = /\b(?:not|no|never|incorrect(?:ly)?|wrong(?:ly)?|mistake[ns]?|mistakenly|error|erroneous|initially|previously|earlier|at first|instead of|rather than|unless)\b|n't/;
const CLAUSES_AFTER = 2;
// Words by which a step says its number is the result, not a partial one, and (stricter) that it is its answer.
const RESULT = /\b(?:answer|total|final|in all|altogether)\b/;
const FINAL_ANSWER = /\b(?:answer|final)\b/;
// A box after arithmetic in the same step is that step's partial result ("$10,000 / 2 = \boxed{5,000}").
const ARITHMETIC_BEFORE = /[=+×*÷]|\d\s*[-/]\s*\d/;
// A sentence that sets up a case gives the answer to that case only.
const CONDITIONAL = /\b(?:if|suppose|supposing|hypothetically)\b|^\W*considering\b/;
// "Assuming …" before the answer sets up a case; after a boxed answer it restates what the
// problem gives ("\boxed{14} bags can be filled, assuming each bag holds 2").
const ASSUMING = /\bassuming\b/;

/**
 * The one answer a step commits to, or undefined: none stated, several
 * (`\boxed{15}` or `\boxed{14}`), or a verdict that the step reports,
 * doubts or refutes ("the agent who gave \boxed{7} made a mistake").
 */
export function answerClaim(text: string): AnswerClaim | undefined {
  const normalised = normaliseText(text);
  if (CONDITIONAL.test(normalised)) return undefined;
  const boxes = [...normalised.matchAll(BOXED)];
  const assumingAt = normalised.search(ASSUMING);
  if (assumingAt !== -1 && (boxes.length === 0 || assumingAt < boxes[0]!.index!)) return undefined;
  if (boxes.length > 0) {
    // A unit written after the box counts as the box's ("\boxed{52} WPM").
    if (!RESULT.test(normalised) && ARITHMETIC_BEFORE.test(normalised.slice(0, boxes[0]!.index))) return undefined;
    const final = FINAL_ANSWER.test(normalised);
    const frame = frameOf(normalised.slice(0, boxes[0]!.index));
    const boxed = boxes.map((match) => boxedAnswer(match[1]!, /^\s+([a-z]+)/.exec(normalised.slice((match.index ?? 0) + match[0].length))?.[1], final, frame));
    // Boxes become placeholders so that "\boxed{$15,000}" is not cut into clauses.
    const marked = normalised.replace(BOXED, (_, __, at: number) => ` box${at} `);
    if (boxes.some((match) => refuted(marked, marked.indexOf(` box${match.index} `))) || boxed.some((claim) => claim === undefined)) return undefined;
    const [first, ...rest] = boxed as AnswerClaim[];
    return rest.every((claim) => sameAnswer(claim, first!) && unitOf(claim) === unitOf(first!)) ? first : undefined;
  }
  const options = new Set<string>();
  for (const pattern of OPTION_VERDICTS) {
    const match = pattern.exec(normalised);
    if (match !== null && !refuted(normalised, match.index)) options.add(match[1]!);
  }
  return options.size === 1 ? { kind: 'option', option: [...options][0]! } : undefined;
}

/** True when the clause holding `at`, or one of the two after it, reports, doubts or refutes. */
function refuted(text: string, at: number): boolean {
  const breaks = new RegExp(CLAUSE_BREAK, 'gu');
  let start = 0;
  for (const match of text.matchAll(breaks)) {
    if ((match.index ?? 0) > at) break;
    start = (match.index ?? 0) + match[0].length;
  }
  const rest = text.slice(start);
  // ", although" is two breaks in a row: the empty piece between them is no clause.
  const pieces = rest
    .split(new RegExp(CLAUSE_BREAK, 'gu'))
    .filter((piece, index) => index === 0 || piece.trim() !== '')
    .slice(0, 1 + CLAUSES_AFTER);
  return pieces.some((piece) => NOT_A_CLAIM.test(piece));
}

/**
 * True when two claims name different answers to the same question. Numbers
 * count the same thing only in the same unit ("13 inches" / "16 inches");
 * a number without its unit ("\boxed{16}") only when both steps say they
 * give the answer, since a step may box any partial result ("the total
 * amount of milk is \boxed{16 ounces}" / "the answer is \boxed{48}").
 */
export function answersConflict(a: AnswerClaim, b: AnswerClaim): boolean {
  if (a.kind !== b.kind || sameAnswer(a, b)) return false;
  if (a.kind === 'number' && b.kind === 'number') {
    if (a.unit !== undefined && b.unit !== undefined) return a.unit === b.unit;
    return (a.final && b.final) || (a.unit === b.unit && sameFrame(a.frame, b.frame));
  }
  return true;
}

/**
 * Two boxes that the same words lead up to ("the total amount of money they
 * all have together is \boxed{22500}" / "… together is \boxed{45000}") are
 * two values of one thing, whether or not either step calls it its answer:
 * the same content words, at least `MIN_FRAME` of them.
 */
function sameFrame(a: readonly string[], b: readonly string[]): boolean {
  if (a.length < MIN_FRAME || b.length < MIN_FRAME) return false;
  const inB = new Set(b);
  const inA = new Set(a);
  return a.every((stem) => inB.has(stem)) && b.every((stem) => inA.has(stem));
}

const MIN_FRAME = 3;

/** Content stems of the clause that leads up to a box (the text after the last clause break). */
function frameOf(before: string): string[] {
  const pieces = before.split(new RegExp(CLAUSE_BREAK, 'gu'));
  return wordTokens(pieces.at(-1) ?? '')
    .filter((word) => !isStopWord(word) && !/\d/.test(word))
    .map(stemWord);
}

function sameAnswer(a: AnswerClaim, b: AnswerClaim): boolean {
  if (a.kind === 'option' && b.kind === 'option') return a.option === b.option;
  if (a.kind === 'number' && b.kind === 'number') return Math.abs(a.value - b.value) <= 1e-9 * Math.max(1, Math.abs(a.value), Math.abs(b.value));
  return false;
}

function unitOf(claim: AnswerClaim): string | undefined {
  return claim.kind === 'number' ? claim.unit : undefined;
}

/**
 * What a `\boxed{…}` holds: a lone option letter, else the number after the
 * last "=" ("25 - 2 = 23") with the word that follows it (inside the box,
 * else right after it) as its unit, made singular ("16 inches" → inch).
 * Undefined when there is no number.
 */
function boxedAnswer(content: string, after: string | undefined, final: boolean, frame: string[]): AnswerClaim | undefined {
  const plain = content
    .replace(/\\(?:text(?:bf)?|mathrm)\s*\{([^{}]*)\}/g, '$1')
    .replace(/^\s*answer\s*:/, '')
    .trim();
  const letter = /^\(?([a-e])\)?$/.exec(plain);
  if (letter !== null) return { kind: 'option', option: letter[1]! };
  const result = plain.split('=').at(-1)!;
  // "\boxed{11-19 inches}" is a range, not one answer.
  if (/\d\s*[-–]\s*\d/.test(result)) return undefined;
  const number = /(-?\d[\d,]*(?:\.\d+)?)\s*(?:%|\\%)?\s*([a-z]+)?/.exec(result.replace(/\$/g, ''));
  if (number === null) return undefined;
  const unit = number[2] ?? after;
  return { kind: 'number', value: Number(number[1]!.replace(/,/g, '')), unit: unit === undefined ? undefined : singular(unit), final, frame };
}

function singular(word: string): string {
  if (word.endsWith('ches') || word.endsWith('shes')) return word.slice(0, -2);
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
