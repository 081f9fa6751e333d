import { pythonFloat } from '../python/python-float.js';
import { pythonFloatRepr } from '../python/python-float-repr.js';
import { pythonSplit, pythonStrip } from '../python/python-text.js';
import { wordToNum } from './word-to-num.js';

// Python's string.punctuation: ASCII only, so "’" and "–" stay.
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
// \b(a|an|the)\b with Python's Unicode word characters (letters, numbers, underscore; not marks).
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/**
 * MultiModalQA's `_normalize_answer` (allenai/multimodalqa
 * `baselines/evaluate.py`, adapted from DROP's evaluator): the text is cut
 * into tokens at spaces and hyphens — so a minus sign is lost, "-0.2" reads
 * as "0.2" — and each token is lower-cased, stripped of ASCII punctuation
 * unless `float()` reads it, written as a Python float when it is a number
 * or a number word ("5" → "5.0", "two" → "2.0", "1,000" → "1000.0"), and
 * rid of the articles a, an, the; empty tokens are dropped.
 */
export function normalizeMmqaAnswer(text: string): string {
  const parts = text
    .split(/ |-/)
    .map((token) => whitespaceFix(removeArticles(normalizeNumber(removePunctuation(token.toLowerCase())))))
    .filter((part) => pythonStrip(part) !== '');
  return pythonStrip(parts.join(' '));
}

/** Whether Python's `float()` reads the text (`_is_number`). */
export function isMmqaNumber(text: string): boolean {
  return pythonFloat(text) !== undefined;
}

function removePunctuation(token: string): string {
  return isMmqaNumber(token) ? token : token.replace(PUNCTUATION, '');
}

function normalizeNumber(token: string): string {
  const number = pythonFloat(token);
  if (number !== undefined) return pythonFloatRepr(number);
  const word = wordToNum(token);
  return word === undefined ? token : pythonFloatRepr(word);
}

function removeArticles(token: string): string {
  return token.replace(ARTICLES, ' ');
}

function whitespaceFix(token: string): string {
  return pythonSplit(token).join(' ');
}
