import { pythonSplit } from '../python/python-text.js';
import { isNumber, pythonNumberText, toNumber } from './tatqa-number.js';

const PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
// Python's \b: a word character is a letter, a number or "_" (combining marks are not).
const ARTICLES = /(?<![\p{L}\p{N}_])(?:a|an|the)(?![\p{L}\p{N}_])/gu;

/**
 * `normalize_answer` of TAT-QA's `tatqa_utils.py`: per space-separated
 * token, lower case; punctuation removed unless the token is a number; a
 * number token replaced by Python's `str(to_number(token))` ("(134.12)" →
 * "-134.12", "18.3%" → "0.183", "1,210" → "1210"; a number `to_number`
 * cannot read, such as ".5", becomes "None" as in the original); articles
 * removed; whitespace collapsed; empty tokens dropped.
 */
export function tatqaNormalizeAnswer(text: string): string {
  const parts = text.split(' ').map((token) => {
    let part = token.toLowerCase();
    if (!isNumber(part)) part = [...part].filter((char) => !PUNCTUATION.has(char)).join('');
    if (isNumber(part)) {
      const value = toNumber(part);
      part = value === undefined ? 'None' : pythonNumberText(value);
    }
    return pythonSplit(part.replace(ARTICLES, ' ')).join(' ');
  });
  return parts.filter((part) => pythonSplit(part).length > 0).join(' ');
}
