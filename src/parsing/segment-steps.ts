import type { ParsedTurn } from '../spec/answer.js';
import { isAnswerStatement } from './answer-statement.js';
import { countWords, stripMarkup } from './reply-text.js';

/** Steps per agent unless configured (DESIGN §6). */
export const DEFAULT_STEP_CAP = 32;

/** Options of step segmentation. */
export interface SegmentOptions {
  /** Most steps kept per agent (the first ones); default 32. */
  cap?: number;
}

const sentences = new Intl.Segmenter('en', { granularity: 'sentence' });

// Bullets, "1." / "2)" / "(3)", lower-case "a)" / "(b)" / "c.", roman "ii.", "Step 2:".
// Upper-case letter markers ("A. …", "(B) …") are kept: in MCQ reasoning they name an option.
const LIST_MARKER = /^(?:[-*+•‣◦▪●–—]\s+|\(?\d{1,3}[.)]\s+|\(?[a-z][.)]\s+|\([a-z]\)\s*|\(?(?:i{1,3}|iv|v|vi{1,3}|ix|x)[.)]\s+|step\s*\d+\s*[:.)\-–—]\s*)/i;
const UPPER_LETTER_MARKER = /^\(?[A-Z][.)]\s/;

// ICU splits after these even mid-sentence ("Dr. | House", "e.g. | Atropine").
const ALWAYS_JOINED = new Set(['dr', 'mr', 'mrs', 'ms', 'prof', 'st', 'sr', 'jr', 'vs', 'e.g', 'i.e', 'cf', 'approx', 'fig', 'figs', 'eq', 'ref', 'refs', 'dept', 'resp']);
// These also end sentences ("… et al.", "… 5 p.m."); join only when the next part cannot start one.
const JOINED_BEFORE_LOWER_OR_DIGIT = new Set(['al', 'no', 'nos', 'vol', 'p', 'pp', 'ca', 'a.m', 'p.m', 'etc', 'max', 'min', 'mo', 'yr', 'yrs', 'wk', 'wks', 'pt', 'pts']);

/**
 * The reasoning steps of a turn (DESIGN §6 "Steps"): GDP turns give one step
 * per item, `CLAIM — GROUND`; other turns segment their rationale with
 * `segmentText`. Deterministic; at most `cap` steps.
 */
export function segmentSteps(turn: ParsedTurn, options: SegmentOptions = {}): string[] {
  const cap = options.cap ?? DEFAULT_STEP_CAP;
  if (turn.steps !== undefined && turn.steps.length > 0) {
    return turn.steps
      .map((step) => [step.claim, step.ground].map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '').join(' — '))
      .filter((step) => step !== '')
      .slice(0, cap);
  }
  return segmentText(turn.rationale, options);
}

/**
 * Splits free text into reasoning steps: lines and list items first, then
 * sentences (`Intl.Segmenter`, with common abbreviations such as "Dr.",
 * "e.g.", "vs.", "et al. 2019" rejoined); list markers are removed,
 * whitespace collapsed, and fragments under 3 words and bare answer
 * statements ("The answer is C") dropped. At most `cap` steps.
 */
export function segmentText(text: string, options: SegmentOptions = {}): string[] {
  const cap = options.cap ?? DEFAULT_STEP_CAP;
  const steps: string[] = [];
  if (cap <= 0) return steps;
  for (const line of stripMarkup(text).split('\n')) {
    for (const sentence of sentencesOf(line)) {
      const step = withoutListMarker(sentence.replace(/\s+/g, ' ').trim());
      if (countWords(step) < 3 || isAnswerStatement(step)) continue;
      steps.push(step);
      if (steps.length >= cap) return steps;
    }
  }
  return steps;
}

/**
 * Sentences of one line, produced lazily: segmenting a long line costs time
 * per sentence, and segmentation stops once the cap is reached.
 */
function* sentencesOf(line: string): Generator<string> {
  let pending: string | undefined;
  for (const { segment } of sentences.segment(withoutListMarker(line.trim()))) {
    // ICU also ends a "sentence" after a bare marker ("A. ", "2. "): the marker belongs to what follows.
    if (pending !== undefined && (endsWithAbbreviation(pending, segment) || /^\s*\(?(?:[A-Za-z]|\d{1,3}|[ivx]{1,4})[.)]\s*$/.test(pending))) {
      pending += segment;
      continue;
    }
    if (pending !== undefined) yield pending;
    pending = segment;
  }
  if (pending !== undefined) yield pending;
}

function endsWithAbbreviation(segment: string, next: string): boolean {
  const word = /(?:^|[\s(\[])([A-Za-z]+(?:\.[A-Za-z]+)*)\.\s*$/.exec(segment)?.[1]?.toLowerCase();
  if (word === undefined) return false;
  if (ALWAYS_JOINED.has(word)) return true;
  return JOINED_BEFORE_LOWER_OR_DIGIT.has(word) && /^\s*[a-z\d(]/.test(next);
}

function withoutListMarker(text: string): string {
  if (UPPER_LETTER_MARKER.test(text)) return text;
  let result = text;
  // Markers can nest ("- 1. …"); two passes cover what models write.
  for (let pass = 0; pass < 2; pass++) result = result.replace(LIST_MARKER, '');
  return result;
}
