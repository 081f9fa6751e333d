import type { Question } from '../../../spec/question.js';
import { goldText } from '../../score-answer.js';
import { pythonFloatRepr } from '../python/python-float-repr.js';

/** A TAT-QA gold as `extract_gold_answers` gives it: the answer type, the answer strings and the gold scale. */
export interface TatqaGold {
  answerType: string;
  answers: string[];
  scale: string;
}

/**
 * The gold of a TAT-QA question from the loader's `meta` (`answer_type`,
 * `answers`, `scale`), as `extract_gold_answers` renders it: spans as given,
 * an arithmetic answer as Python's `str()` of the JSON number, a count as
 * `str(int(answer))`. Questions from elsewhere fall back to the gold text.
 */
export function tatqaGold(question: Question): TatqaGold | undefined {
  const meta = question.meta ?? {};
  const answerType = typeof meta['answer_type'] === 'string' ? meta['answer_type'] : 'span';
  const scale = typeof meta['scale'] === 'string' ? meta['scale'] : '';
  const raw = meta['answers'];
  const answers = Array.isArray(raw) && raw.every((answer) => typeof answer === 'string') ? (raw as string[]) : undefined;
  if (answers === undefined) {
    const text = goldText(question.gold);
    return text === null ? undefined : { answerType, answers: [text], scale };
  }
  if (answerType === 'arithmetic') return { answerType, answers: answers.map(pythonNumberString), scale };
  if (answerType === 'count') return { answerType, answers: answers.map((answer) => String(BigInt(Math.trunc(Number(answer))))), scale };
  return { answerType, answers, scale };
}

/**
 * Python's `str()` of a JSON number that the loader kept as JavaScript text:
 * a whole number as an int ("2"; Python prints "2.0" for a JSON 2.0, which
 * renders the same), any other as Python's float repr ("1e-05", where
 * JavaScript writes "0.00001"). Text that is not JavaScript's own rendering
 * of a number is kept as it is.
 */
function pythonNumberString(answer: string): string {
  const value = Number(answer);
  if (answer.trim() === '' || !Number.isFinite(value) || String(value) !== answer) return answer;
  return Number.isInteger(value) ? BigInt(value).toString() : pythonFloatRepr(value);
}
