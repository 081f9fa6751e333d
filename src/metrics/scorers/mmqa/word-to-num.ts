import { pythonSplit, pythonStrip } from '../python/python-text.js';

const WORDS: Readonly<Record<string, number>> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
  twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
  hundred: 100, thousand: 1000, million: 1000000, billion: 1000000000,
};
const DIGIT_WORDS = new Set(['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']);

/**
 * `word_to_num` of the word2number package, version 1.1 (the version
 * allenai/multimodalqa pins), which MultiModalQA's evaluator applies to each
 * answer token: number words ("two", "hundred", "point") become a number,
 * other words are skipped, and a text without number words is not a
 * number (undefined). Where the package would fail with an error other than
 * `ValueError` (e.g. "thousand five", whose multiplier is empty), the
 * evaluator itself would stop; quorum treats the token as not a number.
 * Digit strings never reach it (the evaluator tries `float()` first).
 */
export function wordToNum(text: string): number | undefined {
  const words = pythonSplit(pythonStrip(text.replace(/-/g, ' ').toLowerCase()));
  let clean = words.filter((word) => Object.hasOwn(WORDS, word) || word === 'point');
  if (clean.length === 0) return undefined;
  const count = (word: string): number => clean.filter((item) => item === word).length;
  if (count('thousand') > 1 || count('million') > 1 || count('billion') > 1 || count('point') > 1) return undefined;
  let decimals: string[] = [];
  const point = clean.indexOf('point');
  if (point >= 0) {
    decimals = clean.slice(point + 1);
    clean = clean.slice(0, point);
  }
  const billion = clean.indexOf('billion');
  const million = clean.indexOf('million');
  const thousand = clean.indexOf('thousand');
  if ((thousand > -1 && (thousand < million || thousand < billion)) || (million > -1 && million < billion)) return undefined;
  let total = 0;
  try {
    if (clean.length === 1) total += WORDS[clean[0]!]!;
    else if (clean.length > 1) {
      if (billion > -1) total += formation(clean.slice(0, billion)) * 1e9;
      if (million > -1) total += formation(billion > -1 ? clean.slice(billion + 1, million) : clean.slice(0, million)) * 1e6;
      if (thousand > -1) {
        const from = million > -1 ? million + 1 : billion > -1 ? billion + 1 : 0;
        total += formation(clean.slice(from, thousand)) * 1000;
      }
      const last = clean.length - 1;
      if (thousand > -1 && thousand !== last) total += formation(clean.slice(thousand + 1));
      else if (million > -1 && million !== last) total += formation(clean.slice(million + 1));
      else if (billion > -1 && billion !== last) total += formation(clean.slice(billion + 1));
      else if (thousand === -1 && million === -1 && billion === -1) total += formation(clean);
    }
  } catch {
    return undefined;
  }
  if (decimals.length > 0) total += decimals.every((word) => DIGIT_WORDS.has(word)) ? Number(`0.${decimals.map((word) => WORDS[word]).join('')}`) : 0;
  return total;
}

// number_formation: the package indexes an empty list here and raises IndexError.
function formation(words: readonly string[]): number {
  const numbers = words.map((word) => WORDS[word]!);
  if (numbers.length === 0) throw new RangeError('empty multiplier');
  const [a, b, c, d] = numbers as [number, number, number, number];
  if (numbers.length === 4) return a * b + c + d;
  if (numbers.length === 3) return a * b + c;
  if (numbers.length === 2) return numbers.includes(100) ? a * b : a + b;
  return a;
}
