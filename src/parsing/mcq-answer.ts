import type { ParsedAnswer } from '../spec/answer.js';
import { collapse, indexOptions, readChoice, readWholeChoice, type ChoiceReading, type OptionIndex } from './choice-reader.js';
import { findJsonAnswerField } from './json-answer-field.js';
import { nonEmptyLines, normalizeForMatch, stripMarkup, visibleReply } from './reply-text.js';

/**
 * Cues after which a reply states its answer: "Answer: C", "The correct
 * answer is (C)", "Final Answer\n\nC", "the best option is C", "I'll go with C", "I'd say C".
 */
const TAIL_CUES: readonly RegExp[] = [
  /\banswers?(?:[ \t]+(?:choice|option|letter))?[ \t]*(?:is|was|would be|should be|must be|will be|seems to be|appears to be|has to be|[:：=\-–—])/gi,
  /\banswer[ \t]*(?=[(\[])/gi,
  /\banswer[ \t]*:?[ \t]*\n/gi,
  /\b(?:correct|right|best|most likely|most appropriate|final|my)[ \t]+(?:option|choice|response|selection|pick)[ \t]*(?:is|would be|must be|should be|[:：=\-–—])/gi,
  /\b(?:i|we)(?:'d|'ll|’d|’ll|[ \t]+would|[ \t]+will)?[ \t]+(?:choose|chose|pick|select|go with|go for|opt for|settle on|say)\b/gi,
];

/** "Option C is correct", "(C) is the best answer", "So C is the right one." */
const LETTER_FIRST_CUE =
  /(?:^|[(\[:,][ \t]*|\b(?:so|thus|therefore|hence)[ \t]+|[.!?][ \t]+|\b(option|choice|answer)[ \t]+)[(\[]?([A-Za-z])[)\]]?[ \t]+(?:is|would be|seems to be|appears to be)[ \t]+(?:the[ \t]+)?(?:correct|right|best|most likely|most appropriate|true)(?:[ \t]+(?:answer|option|choice|one|response))?(?=[ \t]*(?:$|[.,;:!)\n]|(?:because|since|as|here)\b))/gim;

const BOXED = /\\boxed\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g;

/**
 * Extracts the chosen option from a model's reply to a multiple-choice
 * question. Rules, in priority order (`rule` names the one that matched):
 *
 * 1. `json` — a JSON reply's `answer` field.
 * 2. `explicit` / `explicit-text` — explicit answer statements ("Answer: C",
 *    "The answer is (C).", "I choose option C", "Option C is correct"); the
 *    last statement in the reply wins; `-text` when it names the option's text.
 * 3. `boxed` — the last `\boxed{…}`.
 * 4. `trailing-letter` / `leading-letter` — a last (or first) line that is
 *    only an option ("C", "(C)", "**C**", "C) Atropine").
 * 5. `option-text` — exactly one option's text appears (the whole reply, else
 *    the last line, else anywhere).
 *
 * Several options in the deciding statement ("C or D", "Answer: B, C") give
 * `ambiguous` with `candidates`; nothing found gives `unparsed` (rule `none`).
 * See docs/datasets.md, "Parsing answers".
 */
export function parseMcqAnswer(text: string, options: Record<string, string>): ParsedAnswer {
  const index = indexOptions(options);
  if (index.keys.size === 0) return { status: 'unparsed', value: null, rule: 'no-options' };
  const visible = visibleReply(text);
  const clean = stripMarkup(visible);

  const json = findJsonAnswerField(visible);
  if (json !== undefined) {
    const reading = readWholeChoice(String(json), index);
    if (reading !== undefined) return fromReading(reading, 'json');
  }

  const explicit = lastExplicitStatement(clean, index);
  if (explicit !== undefined) return explicit;

  for (const match of [...visible.matchAll(BOXED)].reverse()) {
    const content = (match[1] ?? '').replace(/\\(?:text(?:bf)?|mathrm)\s*\{([^{}]*)\}/g, '$1');
    const reading = readWholeChoice(content, index);
    if (reading !== undefined) return fromReading(reading, 'boxed');
  }

  const lines = nonEmptyLines(clean);
  const last = lines.at(-1);
  const lastReading = last === undefined ? undefined : readLoneLine(last, index);
  if (lastReading !== undefined) return fromReading(lastReading, lastReading.via === 'letter' ? 'trailing-letter' : 'option-text');
  const first = lines.length > 1 ? lines[0] : undefined;
  const firstReading = first === undefined ? undefined : readLoneLine(first, index);
  if (firstReading !== undefined && firstReading.via === 'letter') return fromReading(firstReading, 'leading-letter');

  const byText = uniqueOptionText(clean, last, index);
  if (byText !== undefined) return { status: 'ok', value: byText, rule: 'option-text' };
  return { status: 'unparsed', value: null, rule: 'none' };
}

/** Where a reply states an answer: after a cue ("Answer:", read from `tailStart`), or a letter before one ("C is correct"). */
interface Statement {
  index: number;
  /** Where the text after a tail cue starts; -1 for a letter-first statement. */
  tailStart: number;
  letter: string;
  optionWord: string | undefined;
}

function lastExplicitStatement(clean: string, index: OptionIndex): ParsedAnswer | undefined {
  // exec loops on the shared patterns rather than matchAll, which clones each pattern and makes an iterator per reply.
  const statements: Statement[] = [];
  for (const cue of TAIL_CUES) {
    for (const match of matchesOf(cue, clean)) statements.push({ index: match.index, tailStart: match.index + match[0].length, letter: '', optionWord: undefined });
  }
  for (const match of matchesOf(LETTER_FIRST_CUE, clean)) {
    const [, optionWord, letter = ''] = match;
    statements.push({ index: match.index, tailStart: -1, letter, optionWord });
  }
  // Last statement wins: models revise ("…so B. Wait — the answer is C").
  statements.sort((a, b) => b.index - a.index);
  for (const statement of statements) {
    const reading = readStatement(statement, clean, index);
    if (reading !== undefined) return fromReading(reading, reading.via === 'text' ? 'explicit-text' : 'explicit');
  }
  return undefined;
}

/** Every match of a global pattern in `text`, as `matchAll` gives them (an empty match moves one character on). */
function matchesOf(pattern: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    matches.push(match);
    if (match[0] === '') pattern.lastIndex++;
  }
  return matches;
}

function readStatement(statement: Statement, clean: string, index: OptionIndex): ChoiceReading | undefined {
  if (statement.tailStart >= 0) return readChoice(clean.slice(statement.tailStart, statement.tailStart + 300), index);
  const { letter, optionWord } = statement;
  const key = index.keys.get(letter.toUpperCase());
  // A lower-case letter here is an answer only after "option"/"choice": "so a is correct" is rare, "a" as article is not.
  if (key === undefined || (letter !== letter.toUpperCase() && optionWord === undefined)) return undefined;
  return { letters: [key], via: 'letter', end: 0 };
}

function readLoneLine(line: string, index: OptionIndex): ChoiceReading | undefined {
  const stripped = line.replace(/^(?:so|thus|therefore|hence|overall|in conclusion|final)\b[\s,:]*/i, '');
  return readWholeChoice(stripped, index);
}

function uniqueOptionText(clean: string, lastLine: string | undefined, index: OptionIndex): string | undefined {
  const whole = normalizeForMatch(clean);
  const wholeRaw = collapse(clean).replace(/^["'“]|["'”.]$/g, '');
  for (const [letter, text] of index.texts) {
    if ((text !== '' && whole === text) || (wholeRaw !== '' && wholeRaw === index.raw.get(letter))) return index.keys.get(letter);
  }
  for (const scope of [lastLine ?? '', clean]) {
    const found = mentionedOptions(normalizeForMatch(scope), index);
    if (found.length === 1) return found[0];
    if (found.length > 1) return undefined;
  }
  return undefined;
}

/** Options whose text (≥ 3 characters) occurs as whole words, ignoring occurrences inside a longer option's text. */
function mentionedOptions(normalized: string, index: OptionIndex): string[] {
  const padded = ` ${normalized} `;
  const spans: Array<{ key: string; start: number; end: number }> = [];
  for (const [letter, text] of index.texts) {
    if (text.length < 3) continue;
    for (let at = padded.indexOf(` ${text} `); at >= 0; at = padded.indexOf(` ${text} `, at + 1)) {
      spans.push({ key: index.keys.get(letter)!, start: at, end: at + text.length + 1 });
    }
  }
  const outside = spans.filter(
    (span) => !spans.some((other) => other !== span && other.key !== span.key && other.start <= span.start && other.end >= span.end && other.end - other.start > span.end - span.start),
  );
  return [...new Set(outside.map((span) => span.key))];
}

function fromReading(reading: ChoiceReading, rule: string): ParsedAnswer {
  if (reading.letters.length === 1) return { status: 'ok', value: reading.letters[0]!, rule };
  return { status: 'ambiguous', value: null, candidates: reading.letters, rule };
}
