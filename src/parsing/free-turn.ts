import type { ParsedAnswer, ParsedTurn } from '../spec/answer.js';
import type { QuestionLike } from '../spec/question.js';
import { isAnswerStatement } from './answer-statement.js';
import { parseJsonObject } from './json-answer-field.js';
import { parseAnswer } from './parse-answer.js';
import { visibleReply } from './reply-text.js';

const RATIONALE_KEYS = ['rationale', 'reasoning', 'explanation', 'reason'];

/**
 * Parses a free-format turn (rationale + final answer). The rationale is
 * the reply without its answer lines; a JSON reply's `rationale` /
 * `reasoning` / `explanation` field is used when the reply is JSON.
 */
export function parseFreeTurn(text: string, question: QuestionLike): ParsedTurn {
  return freeTurnWithAnswer(text, parseAnswer(text, question));
}

/**
 * A free-format turn around an answer already read from it, by quorum's
 * rules or another's (`du` reads the answer with Du et al.'s rules and
 * would otherwise pay for quorum's reading only to replace it).
 */
export function freeTurnWithAnswer(text: string, answer: ParsedAnswer): ParsedTurn {
  if (text.trim() === '') return { answer, rationale: '', source: 'failed', warnings: ['empty reply'] };
  const object = parseJsonObject(visibleReply(text));
  if (object !== undefined) {
    const key = Object.keys(object).find((candidate) => RATIONALE_KEYS.includes(candidate.toLowerCase()));
    const rationale = key === undefined ? undefined : object[key];
    if (typeof rationale === 'string') return { answer, rationale: rationale.trim(), source: 'json' };
  }
  return { answer, rationale: freeRationale(text), source: 'text' };
}

/**
 * The reasoning part of a reply: the visible reply (after any
 * `<think>` block) without lines that only state the answer.
 */
export function freeRationale(text: string): string {
  return visibleReply(text)
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !isAnswerStatement(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
