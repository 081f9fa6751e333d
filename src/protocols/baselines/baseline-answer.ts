import type { ParsedAnswer } from '../../spec/answer.js';
import { type QuestionLike, answerSpecOf } from '../../spec/question.js';
import { parseMcqAnswer } from '../../parsing/mcq-answer.js';
import { findNumericAnswer } from '../../parsing/numeric-answer.js';
import { parseTextAnswer } from '../../parsing/text-answer.js';

/** The instruction that ends every baseline prompt: reason, then one answer line. */
export function answerInstruction(question: QuestionLike): string {
  const shape =
    answerSpecOf(question).kind === 'number'
      ? 'the number only, without units or scale words (write a percentage as e.g. 12.5%)'
      : answerSpecOf(question).kind === 'choice'
        ? 'the option letter'
        : 'a short answer (a value, a name, or one sentence)';
  return `Think step by step, then end with one line "Answer: <answer>" giving ${shape}.`;
}

/** Reads a baseline reply's answer by the question's answer kind. */
export function baselineAnswer(text: string, question: QuestionLike): ParsedAnswer {
  switch (answerSpecOf(question).kind) {
    case 'number':
      return findNumericAnswer(text).answer;
    case 'choice':
      return parseMcqAnswer(text, question.options ?? {});
    default:
      return parseTextAnswer(text);
  }
}
