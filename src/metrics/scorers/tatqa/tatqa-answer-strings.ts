import { pythonFixed } from '../python/python-fixed.js';
import { isNumber, pythonMultiply, pythonRoundNumber, scaleToNum, toNumber } from './tatqa-number.js';

/** Python's `sorted()` of strings: by code point (JavaScript's default sort compares UTF-16 units). */
function pythonSorted(texts: readonly string[]): string[] {
  return [...texts].sort((a, b) => {
    const left = [...a].map((char) => char.codePointAt(0)!);
    const right = [...b].map((char) => char.codePointAt(0)!);
    for (let index = 0; index < Math.min(left.length, right.length); index++) {
      if (left[index] !== right[index]) return left[index]! - right[index]!;
    }
    return left.length - right.length;
  });
}

/**
 * `get_answer_str`: the answers sorted and joined by spaces into one string,
 * each number rendered as `'%.4f' % (round(x, 2) × scale)` (or `'%.4f' % x`
 * when it carries its own `%`), each other answer followed by the scale
 * word. Applied alike to the gold (with the gold scale) and the prediction
 * (with the predicted scale).
 */
export function tatqaAnswerString(answers: readonly string[], scale: string): string {
  const rendered = pythonSorted(answers).map((answer) => {
    if (isNumber(answer)) {
      const value = toNumber(answer);
      if (value === undefined) return scale ? `${answer} ${scale}` : answer;
      if (answer.includes('%')) return pythonFixed(Number(value), 4);
      return pythonFixed(Number(pythonMultiply(pythonRoundNumber(value, 2), scaleToNum(scale))), 4);
    }
    return scale ? `${answer} ${scale}` : answer;
  });
  return rendered.join(' ');
}

/**
 * The strings a prediction is compared as: its `tatqaAnswerString`, plus
 * (`add_percent_pred`) the bare `'%.4f' % to_number(answer)` when it is a
 * single number with no scale and no `%`, so that 0.2212 can match a gold of
 * 22.12 percent.
 */
export function tatqaPredictionStrings(answers: readonly string[], scale: string): string[] {
  const strings = [tatqaAnswerString(answers, scale)];
  if (answers.length !== 1) return strings;
  const answer = answers[0]!;
  if (!scale && !answer.includes('%') && isNumber(answer)) {
    const value = toNumber(answer);
    if (value !== undefined) strings.push(pythonFixed(Number(value), 4));
  }
  return strings;
}
