import type { ParsedAnswer } from '../spec/answer.js';
import { findJsonAnswerField } from './json-answer-field.js';
import { stripMarkup, tidyStatement, visibleReply } from './reply-text.js';

/** A number read from text, with the unit words that change its meaning. */
export interface NumberMention {
  /** The number as written, sign applied, without scale or percent: "$2.1 million" → 2.1. */
  value: number;
  /** Canonical text of `value` ("1,234.50" → "1234.5"). */
  text: string;
  /** Written with `%`, "percent" or "per cent". */
  percent: boolean;
  /** Scale word multiplier (1e3 thousand/k, 1e6 million/mn/m, 1e9 billion/bn/b, 1e12 trillion), 1 when none. */
  scale: number;
  /** Currency symbol, when one was written. */
  currency?: string;
  /** Start and end of the mention in the text that was searched. */
  start: number;
  end: number;
  /**
   * The number as written: sign, currency symbol, digits with grouping
   * commas, percent sign and scale word ("$2.1 million"); wrapped in the
   * parentheses of an accounting negative when it stands alone inside them
   * ("(0.2)").
   */
  written: string;
}

/** A numeric answer and how it was found. */
export interface NumericAnswer {
  answer: ParsedAnswer;
  /** The deciding mention (the first candidate when ambiguous). */
  mention?: NumberMention;
}

// Letters may follow a number ("10mg", "3rd"); a scale word counts only when it ends there ("5k", not "5kg").
const NUMBER =
  /(?<![\p{L}\p{N}_.])(?:(?<sign>[-−+])[ \t]?)?(?<currency>[$€£¥])?[ \t]?(?<sign2>[-−])?(?<digits>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?<exponent>[eE][-+]?\d+)?(?!\.?\d)(?:[ \t]?(?<percent>%|percent\b|per cent\b))?(?:[ \t]?(?<scale>thousand|million|billion|trillion|mn|bn|k|m|b)(?![\p{L}\p{N}]))?/giu;

const SCALES: Readonly<Record<string, number>> = { thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12 };

const CUE = /\b(?:final answer|answer|forecast|prediction|estimate|result)\b[ \t]*(?:is|would be|will be|should be|of|[:：=≈~\-–—])?[ \t]*(?<approx>about|approximately|around|roughly|~|≈)?/gi;

/** All numbers mentioned in a text, in order. */
export function findNumbers(text: string): NumberMention[] {
  const mentions: NumberMention[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const groups = match.groups ?? {};
    const digits = groups['digits'];
    if (digits === undefined) continue;
    const negative = (groups['sign'] ?? groups['sign2'] ?? '').replace('+', '') !== '';
    const plain = Number(digits.replace(/,/g, ''));
    // an exponent counts ("1.7e+1" is 17) unless it overflows ("5e999" reads as 5, never as Infinity)
    const scaled = Number(`${digits.replace(/,/g, '')}${groups['exponent'] ?? ''}`);
    const number = (Number.isFinite(scaled) ? scaled : plain) * (negative ? -1 : 1);
    const scaleWord = groups['scale']?.toLowerCase();
    // "5 m" is five metres and "3 b" is a label unless money is meant; only scale them after a currency symbol.
    const scaleApplies = scaleWord !== undefined && (scaleWord.length > 1 || groups['currency'] !== undefined || scaleWord === 'k');
    let end = match.index + match[0].length;
    if (scaleWord !== undefined && !scaleApplies) end -= match[0].length - match[0].toLowerCase().lastIndexOf(scaleWord);
    const span = text.slice(match.index, end).trim();
    const mention: NumberMention = {
      value: number,
      text: canonicalNumber(number),
      percent: groups['percent'] !== undefined,
      scale: scaleApplies ? SCALES[scaleWord] ?? 1 : 1,
      start: match.index,
      end,
      written: inParentheses(text, match.index, end) ? `(${span})` : span,
    };
    if (groups['currency'] !== undefined) mention.currency = groups['currency'];
    mentions.push(mention);
  }
  return mentions;
}

// "(0.2)": a number alone inside parentheses, as accounts write a negative (TAT-QA reads it as −0.2).
function inParentheses(text: string, start: number, end: number): boolean {
  return /\(\s*$/.test(text.slice(Math.max(0, start - 4), start)) && /^\s*\)/.test(text.slice(end, end + 4));
}

/** Canonical text of a number: no grouping commas, no trailing zeros, no "-0". */
export function canonicalNumber(value: number): string {
  return Object.is(value, -0) ? '0' : String(value);
}

/**
 * Extracts a numeric answer. Rules in priority order: `json` (an `answer`
 * field), `explicit` (the last "Answer: 3.25" / "forecast is 3.1%"
 * statement), `boxed`, `last-number` (the last number in the reply). Two
 * numbers in the deciding statement ("3.1 or 3.4", "between 3.1 and 3.4",
 * "3.1–3.4") give `ambiguous`. `value` is the number as written (percent
 * and scale words are not applied); `rule` carries `+percent` or `+<scale>`
 * (e.g. `explicit+percent`, `last-number+million`) so a scorer can tell.
 */
export function parseNumericAnswer(text: string): ParsedAnswer {
  return findNumericAnswer(text).answer;
}

/** Like `parseNumericAnswer`, with the mention that decided it (value, percent, scale, currency). */
export function findNumericAnswer(text: string): NumericAnswer {
  // NFKC: fullwidth digits and signs ("１７", "－3") read as the ASCII ones, as the official evaluators normalise them
  const visible = stripMarkup(visibleReply(text)).normalize('NFKC');
  const json = findJsonAnswerField(visible);
  if (json !== undefined) {
    const mentions = typeof json === 'number' ? findNumbers(String(json)) : findNumbers(json);
    if (mentions.length > 0) return decide(mentions.slice(0, 1), 'json', typeof json === 'string' ? tidyStatement(json) : undefined);
  }
  const cues = [...visible.matchAll(CUE)].reverse();
  for (const cue of cues) {
    const tailStart = cue.index + cue[0].length;
    const lineEnd = visible.indexOf('\n', tailStart);
    const tail = visible.slice(tailStart, lineEnd < 0 ? undefined : lineEnd);
    const found = leadingNumbers(tail);
    // the statement starts after the label: "about 127.4" is what was stated, not 127.4
    if (found.length > 0) return decide(found, 'explicit', tidyStatement(`${cue.groups?.['approx'] ?? ''} ${tail}`));
  }
  const boxes = [...visible.matchAll(/\\boxed\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g)].reverse();
  for (const box of boxes) {
    const found = leadingNumbers(box[1] ?? '');
    if (found.length > 0) return decide(found, 'boxed');
  }
  const last = findNumbers(visible).at(-1);
  if (last !== undefined) return decide([last], 'last-number');
  return { answer: { status: 'unparsed', value: null, rule: 'none' } };
}

/**
 * The number a statement starts with, or two numbers when the statement
 * gives a range or alternatives; only the text just after the cue counts,
 * so "Answer: 3.2, up from 2.9 last year" is 3.2, not ambiguous.
 */
function leadingNumbers(tail: string): NumberMention[] {
  const mentions = findNumbers(tail);
  const first = mentions[0];
  if (first === undefined || !/^[\s"'(\[:$€£¥\\{a-z]{0,12}$/i.test(tail.slice(0, first.start))) return [];
  const second = mentions[1];
  if (second !== undefined && /^\s*(?:or|to|and|[-–—]|\/)\s*$/i.test(tail.slice(first.end, second.start))) return [first, second];
  return [first];
}

/**
 * `statement` is the labelled answer as stated (`explicit` and `json`
 * rules), which scorers read whole: the official evaluators of table QA
 * grade the answer text, so "17 people" is not 17 to WikiTableQuestions'
 * evaluator and "about 127.4" is not a number to FinQA's. Otherwise the
 * number's own span is the stated answer.
 */
function decide(mentions: NumberMention[], rule: string, statement?: string): NumericAnswer {
  const [first, second] = mentions;
  if (first === undefined) return { answer: { status: 'unparsed', value: null, rule: 'none' } };
  const modifiers = [first.percent ? '+percent' : '', first.scale !== 1 ? `+${scaleName(first.scale)}` : ''].join('');
  if (second !== undefined && second.text !== first.text) {
    return { answer: { status: 'ambiguous', value: null, candidates: [first.text, second.text], rule: rule + modifiers }, mention: first };
  }
  // the scale word stays in the stated text ("$2.1 million"): scorers read it there, as TAT-QA's reads a stated scale
  const text = statement ?? first.written;
  const stated = text === first.text ? {} : { text };
  return { answer: { status: 'ok', value: first.text, rule: rule + modifiers, ...stated }, mention: first };
}

function scaleName(scale: number): string {
  return ({ 1e3: 'thousand', 1e6: 'million', 1e9: 'billion', 1e12: 'trillion' } as Record<number, string>)[scale] ?? `x${scale}`;
}
