import type { ParsedAnswer } from '../spec/answer.js';
import { type QuestionLike, answerSpecOf } from '../spec/question.js';
import { parseMcqAnswer } from './mcq-answer.js';
import { parseNumericAnswer } from './numeric-answer.js';
import { parseTextAnswer } from './text-answer.js';

/**
 * Extracts the answer a reply gives to a question, by the kind of its gold
 * answer: option letter (`choice`), number (`number`), or normalised free
 * text (`text`, `none`).
 */
export function parseAnswer(text: string, question: QuestionLike): ParsedAnswer {
  switch (answerSpecOf(question).kind) {
    case 'choice':
      return parseMcqAnswer(text, question.options ?? {});
    case 'number':
      return parseNumericAnswer(text);
    case 'text':
    case 'none':
      return parseTextAnswer(text);
  }
}
