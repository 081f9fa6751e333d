import { pythonSplit } from '../python/python-text.js';

const TRAILING_SPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/u;

/**
 * sacreBLEU's default `13a` tokenizer (mteval-v13a, mjpost/sacrebleu
 * `tokenizers/tokenizer_13a.py` and `tokenizer_re.py`), applied as BLEU
 * applies it: trailing whitespace removed, `<skipped>` and hyphenated line
 * breaks dropped, the four HTML entities decoded, then ASCII punctuation
 * split off (periods and commas only when not between digits, dashes only
 * after a digit) and whitespace collapsed the way Python's `split()` does.
 */
export function tokenize13a(line: string): string {
  let text = line.replace(TRAILING_SPACE, '');
  text = text.replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  text = text.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  text = ` ${text} `
    .replace(/([{-~\[-` -&(-+:-@\/])/gu, ' $1 ')
    .replace(/([^0-9])([.,])/gu, '$1 $2 ')
    .replace(/([.,])([^0-9])/gu, ' $1 $2')
    .replace(/([0-9])(-)/gu, '$1 $2 ');
  return pythonSplit(text).join(' ');
}
