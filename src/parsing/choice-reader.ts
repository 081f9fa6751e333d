import { normalizeForMatch } from './reply-text.js';

/** The options of a question, prepared for matching. */
export interface OptionIndex {
  /** Upper-case letter → the option key as the question spells it. */
  readonly keys: ReadonlyMap<string, string>;
  /** Upper-case letter → the option's text, normalised (see `normalizeForMatch`). */
  readonly texts: ReadonlyMap<string, string>;
  /** Upper-case letter → the option's text with whitespace collapsed (for options of symbols only, such as "↑ ↓ ↑"). */
  readonly raw: ReadonlyMap<string, string>;
}

/** What was read at one place in a reply: one or more options. */
export interface ChoiceReading {
  /** Option keys in order of appearance, without repeats. */
  letters: string[];
  /** Whether the options were named by letter or by their text. */
  via: 'letter' | 'text';
  /** Index in the input just after what was read. */
  end: number;
  /** For text readings: the line is exactly an option's text (or an unambiguous start of it), nothing more. */
  exact?: boolean;
}

/** An index and the option texts it was built from. */
interface IndexedOptions {
  readonly texts: ReadonlyArray<readonly [string, string]>;
  readonly index: OptionIndex;
}

// A question's options are one object read for every turn of every agent; its index is built once.
const indexes = new WeakMap<Record<string, string>, IndexedOptions>();

/**
 * Indexes options keyed by single letters; other keys are ignored. The index
 * of an options object is kept and reused while the object still holds the
 * same keys and texts (checked on every call, so a changed object is indexed
 * again).
 */
export function indexOptions(options: Record<string, string>): OptionIndex {
  const known = indexes.get(options);
  if (known !== undefined && holdsTexts(options, known.texts)) return known.index;
  const texts = Object.entries(options);
  const index = buildIndex(texts);
  if (typeof options === 'object' && options !== null) indexes.set(options, { texts, index });
  return index;
}

/** Whether `options` has exactly these own keys with these texts, in this order. */
function holdsTexts(options: Record<string, string>, texts: ReadonlyArray<readonly [string, string]>): boolean {
  let count = 0;
  for (const key in options) {
    if (!Object.hasOwn(options, key)) continue;
    const entry = texts[count++];
    if (entry === undefined || entry[0] !== key || entry[1] !== options[key]) return false;
  }
  return count === texts.length;
}

function buildIndex(entries: ReadonlyArray<readonly [string, string]>): OptionIndex {
  const keys = new Map<string, string>();
  const texts = new Map<string, string>();
  const raw = new Map<string, string>();
  for (const [key, text] of entries) {
    if (!/^[A-Za-z]$/.test(key)) continue;
    keys.set(key.toUpperCase(), key);
    texts.set(key.toUpperCase(), normalizeForMatch(text));
    raw.set(key.toUpperCase(), collapse(text));
  }
  return { keys, texts, raw };
}

/** Text with runs of whitespace as single spaces, trimmed. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Punctuation, markup and filler words that may stand between a cue
// ("The answer is") and the letter ("probably option (C)").
const LEAD =
  /^(?:[\s"'“”‘’(\[{<:=>~\-–—]|\\boxed\s*\{|\\text(?:bf)?\s*\{|\\mathrm\s*\{|\$|(?:i would say|i['’]d say|i would go with|i['’]d go with|i will go with|i['’]ll go with|i would choose|i['’]d choose|i think|i believe|it['’]s|it is|most likely|probably|likely|definitely|clearly|certainly|therefore|thus|then|so|either|between|both|options?|choices?|letters?|answers?|the|to be|is|be)\b[\s:,.]*)+/i;

// Words that may follow an answer letter without making it something else:
// "C because …" is an answer, "A 45-year-old" and "B cells" are not.
const CONTINUATIONS = new Set([
  'because', 'since', 'as', 'is', 'was', 'which', 'given', 'due', 'per', 'here', 'with', 'for', 'and', 'or', 'in', 'on', 'at', 'this', 'that', 'would', 'will', 'should', 'vs',
]);

const LETTER = /^([A-Za-z])(?![\p{L}\p{N}'’]|-[\p{L}\p{N}])/u;
const MORE = /^[ \t]*[)\]]?[ \t]*(?:,|\/|&|\bor\b|\band\b|\bvs\.?)[ \t]*(?:(?:option|choice)[ \t]+)?[(\[]?([A-Za-z])(?![\p{L}\p{N}'’]|-[\p{L}\p{N}])/iu;
const CANDIDATE_FOLLOW = /^[ \t]*[)\]]?[ \t]*(?:$|[.,;:!?)\]\n*"'”/&]|(?:or|and|are|both|is|seem|seems|could|might|would|equally|because)\b)/i;

/**
 * Reads the option(s) a reply names at the start of `input` (after lead
 * punctuation and filler words): a letter ("C", "(c)", "option C"), several
 * letters ("B or C", "B, C"), or an option's text ("Atropine"). Returns
 * undefined when what stands there is not an option (the article "a", the
 * pronoun "I", a letter outside the options, "A 45-year-old").
 */
export function readChoice(input: string, options: OptionIndex): ChoiceReading | undefined {
  const start = LEAD.exec(input)?.[0].length ?? 0;
  const rest = input.slice(start);
  const letter = LETTER.exec(rest)?.[1];
  if (letter !== undefined && acceptsLetter(letter, rest.slice(1), options)) {
    const letters = [options.keys.get(letter.toUpperCase())!];
    let end = start + 1;
    for (;;) {
      const more = MORE.exec(input.slice(end));
      const next = more?.[1];
      if (more === null || next === undefined) break;
      const after = input.slice(end + more[0].length);
      const key = options.keys.get(next.toUpperCase());
      if (key === undefined || !CANDIDATE_FOLLOW.test(after)) break;
      if (next === next.toLowerCase() && !/^\s*(?:$|[).,;:!?\]\n])/.test(after)) break;
      if (!letters.includes(key)) letters.push(key);
      end += more[0].length;
    }
    return { letters, via: 'letter', end };
  }
  return readOptionText(rest, start, options);
}

function acceptsLetter(letter: string, after: string, options: OptionIndex): boolean {
  const upper = letter.toUpperCase();
  if (!options.keys.has(upper)) return false;
  // A lower-case letter is only an answer when nothing word-like follows:
  // "answer: c" is, "the answer is a bit unclear" is not.
  if (letter !== upper) return /^\s*(?:$|[).:\]},;!?"'”*\n])/.test(after);
  const word = /^[ \t]+(\S+)/.exec(after)?.[1];
  if (word === undefined) return true;
  if (/^\d/.test(word)) return false;
  const optionText = options.texts.get(upper) ?? '';
  if (optionText !== '' && `${normalizeForMatch(after)} `.startsWith(`${optionText} `)) return true;
  return CONTINUATIONS.has(word.toLowerCase().replace(/[^a-z]/g, ''));
}

function readOptionText(rest: string, start: number, options: OptionIndex): ChoiceReading | undefined {
  const lineEnd = rest.indexOf('\n');
  const line = lineEnd < 0 ? rest : rest.slice(0, lineEnd);
  const normalized = normalizeForMatch(line);
  if (normalized === '') return undefined;
  const end = start + line.length;
  // The longest option text the line starts with ("Atropine and pralidoxime"
  // beats "Atropine"); short texts ("No", "4") only when they are the whole line.
  let best: { key: string; length: number } | undefined;
  let tie = false;
  for (const [letter, text] of options.texts) {
    if (text === '') continue;
    const fits = normalized === text || (text.length >= 3 && normalized.startsWith(`${text} `));
    if (!fits) continue;
    if (best === undefined || text.length > best.length) {
      best = { key: options.keys.get(letter)!, length: text.length };
      tie = false;
    } else if (text.length === best.length) {
      tie = true;
    }
  }
  if (best !== undefined && !tie) return { letters: [best.key], via: 'text', end, exact: normalized.length === best.length };
  // A shortened option text ("atropine" for "Atropine sulfate") counts only when it fits exactly one option.
  if (normalized.length < 4) return undefined;
  const prefixOf = [...options.texts].filter(([, text]) => text.startsWith(`${normalized} `));
  if (prefixOf.length === 1) return { letters: [options.keys.get(prefixOf[0]![0])!], via: 'text', end, exact: true };
  return undefined;
}

/**
 * Like `readChoice`, but the whole input must be the answer: a letter may be
 * followed only by punctuation or by (the start of) its own option text, as
 * in "C) Atropine". Used for boxed answers, JSON fields and lone lines.
 */
export function readWholeChoice(input: string, options: OptionIndex): ChoiceReading | undefined {
  const reading = readChoice(input, options);
  if (reading === undefined) return undefined;
  if (reading.via === 'text') return reading.exact === true ? reading : undefined;
  const remainder = normalizeForMatch(input.slice(reading.end));
  if (remainder === '') return reading;
  if (reading.letters.length !== 1) return undefined;
  const optionText = options.texts.get(reading.letters[0]!.toUpperCase()) ?? '';
  const fits = optionText !== '' && (optionText === remainder || optionText.startsWith(`${remainder} `) || remainder.startsWith(`${optionText} `));
  return fits ? reading : undefined;
}
