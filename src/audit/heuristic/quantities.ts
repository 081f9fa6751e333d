import { isStopWord } from '../text/stop-words.js';
import { stemWord } from '../text/stem-word.js';
import { normaliseText } from '../text/word-tokens.js';

/** A number in a sentence and what it counts or measures. */
export interface Quantity {
  value: number;
  /** Unit as written, normalised (`mg`, `%`, `hour`); undefined for a bare count. */
  unit: string | undefined;
  /** Dimension of the unit (`mass`, `volume`, `time`, `percent`, …), for unit mismatches. */
  dimension: string | undefined;
  /** Value in the dimension's base unit (grams, litres, seconds), when the unit converts. */
  baseValue: number | undefined;
  /** What the number is about: the unit's dimension, else the stem of the nearest content word ("two men" → `man`, "type 2" → `type`). */
  subject: string | undefined;
}

interface UnitInfo {
  name: string;
  dimension: string;
  /** Factor to the dimension's base unit; undefined when it does not convert (e.g. mmHg alone). */
  factor: number | undefined;
}

const UNITS: Readonly<Record<string, UnitInfo>> = Object.fromEntries(
  (
    [
      ['kg', 'mass', 1000],
      ['g', 'mass', 1],
      ['gram', 'mass', 1],
      ['grams', 'mass', 1],
      ['mg', 'mass', 1e-3],
      ['milligram', 'mass', 1e-3],
      ['milligrams', 'mass', 1e-3],
      ['mcg', 'mass', 1e-6],
      ['ug', 'mass', 1e-6],
      ['microgram', 'mass', 1e-6],
      ['micrograms', 'mass', 1e-6],
      ['ng', 'mass', 1e-9],
      ['l', 'volume', 1],
      ['liter', 'volume', 1],
      ['litre', 'volume', 1],
      ['liters', 'volume', 1],
      ['litres', 'volume', 1],
      ['dl', 'volume', 0.1],
      ['ml', 'volume', 1e-3],
      ['cc', 'volume', 1e-3],
      ['%', 'percent', 1],
      ['percent', 'percent', 1],
      ['mmhg', 'pressure', 1],
      ['mmol', 'amount', 1e-3],
      ['meq', 'charge', 1],
      ['iu', 'activity', 1],
      ['units', 'activity', 1],
      ['bpm', 'rate', 1],
      ['seconds', 'time', 1],
      ['second', 'time', 1],
      ['minutes', 'time', 60],
      ['minute', 'time', 60],
      ['min', 'time', 60],
      ['hours', 'time', 3600],
      ['hour', 'time', 3600],
      ['h', 'time', 3600],
      ['hr', 'time', 3600],
      ['hrs', 'time', 3600],
      ['days', 'time', 86400],
      ['day', 'time', 86400],
      ['weeks', 'time', 604800],
      ['week', 'time', 604800],
      ['months', 'time', 2629800],
      ['month', 'time', 2629800],
      ['years', 'time', 31557600],
      ['year', 'time', 31557600],
      ['mm', 'length', 1e-3],
      ['cm', 'length', 1e-2],
      ['m', 'length', 1],
      ['km', 'length', 1e3],
      ['inches', 'length', 0.0254],
      ['feet', 'length', 0.3048],
      ['miles', 'length', 1609.344],
      ['dollars', 'money', 1],
      ['usd', 'money', 1],
    ] as const
  ).map(([name, dimension, factor]) => [name, { name, dimension, factor }]),
);

/** True for a unit name ("mg", "%", "hours"). */
export function isUnitWord(word: string): boolean {
  return UNITS[word] !== undefined;
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  dozen: 12,
  single: 1,
  couple: 2,
  pair: 2,
  twice: 2,
  double: 2,
  triple: 3,
  half: 0.5,
};

/** The value of a token that is a number ("16", "1,000", "2.5", "two"), else undefined. */
export function numberValue(token: string): number | undefined {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(token)) return Number(token.replace(/,/g, ''));
  return NUMBER_WORDS[token];
}

// A number not glued to a letter or hyphen ("m2", "beta-1" and "covid-19" are names), with an optional unit.
const QUANTITY = /(?<![\p{L}\p{N}.\-$])(\$)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s*(%|[a-z]+(?:\/[a-z]+)?))?/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/** The quantities of a sentence: digits (with units) and number words ("two men"). */
export function findQuantities(text: string): Quantity[] {
  const normalised = normaliseText(text);
  const quantities: Quantity[] = [];
  for (const match of normalised.matchAll(QUANTITY)) {
    const value = Number(`${match[2]!.replace(/,/g, '')}${match[3] ?? ''}`);
    const follower = match[4];
    const unitName = match[1] === '$' ? 'dollars' : follower === undefined ? undefined : (follower.split('/')[0] ?? follower);
    const unit = unitName === undefined ? undefined : UNITS[unitName];
    const end = (match.index ?? 0) + match[0].length;
    const subject = unit?.dimension ?? subjectNear(normalised, match.index ?? 0, unit === undefined ? (match.index ?? 0) + match[2]!.length + (match[3]?.length ?? 0) : end);
    quantities.push({
      value,
      unit: unit === undefined ? undefined : (follower ?? 'dollars'),
      dimension: unit?.dimension,
      baseValue: unit?.factor === undefined ? undefined : value * unit.factor,
      subject,
    });
  }
  const words = [...normalised.matchAll(WORD)];
  words.forEach((word, index) => {
    const value = NUMBER_WORDS[word[0]];
    if (value === undefined) return;
    // A number word counts something only when a content word follows closely ("two men", not "the one").
    const next = words.slice(index + 1, index + 1 + SUBJECT_WINDOW).find((candidate) => !isStopWord(candidate[0]) && NUMBER_WORDS[candidate[0]] === undefined);
    if (next === undefined) return;
    quantities.push({ value, unit: undefined, dimension: undefined, baseValue: undefined, subject: stemWord(next[0]) });
  });
  return quantities;
}

/** How far from a number its subject may be, in words ("two very old men" → `man`). */
const SUBJECT_WINDOW = 3;

/** Stem of the first content word among the few after `end`, else among the few before `start`. */
function subjectNear(text: string, start: number, end: number): string | undefined {
  const isContent = (word: string): boolean => !isStopWord(word) && !/^\d/.test(word) && NUMBER_WORDS[word] === undefined;
  const after = [...text.slice(end).matchAll(WORD)].slice(0, SUBJECT_WINDOW).map((match) => match[0]);
  const before = [...text.slice(0, start).matchAll(WORD)].slice(-SUBJECT_WINDOW).map((match) => match[0]).reverse();
  const word = after.find(isContent) ?? before.find(isContent);
  return word === undefined ? undefined : stemWord(word);
}
