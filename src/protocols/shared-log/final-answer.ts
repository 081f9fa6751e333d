import type { ParsedAnswer } from '../../spec/answer.js';
import { type QuestionLike, answerSpecOf } from '../../spec/question.js';
import { parseMcqAnswer } from '../../parsing/mcq-answer.js';
import { canonicalNumber, findNumericAnswer } from '../../parsing/numeric-answer.js';
import { parseTextAnswer } from '../../parsing/text-answer.js';
import { type AnswerMeta, type LogEntry, answerMeta, verdictMeta } from '../../spec/log-entry.js';

/**
 * An ANSWER entry's answer as a parsed answer. Numbers keep the value as
 * written and say their scale in the rule (`shared-log+percent`,
 * `shared-log+million`), as the numeric parser does, so a scorer can tell a
 * percentage from a fraction; text answers are parsed by the question's
 * answer kind.
 */
export function proposedAnswer(meta: AnswerMeta, question: QuestionLike): ParsedAnswer {
  const { answer, scale } = meta;
  if (answer === null || (typeof answer === 'string' && answer.trim() === '')) return { status: 'unparsed', value: null, rule: 'shared-log:no-answer' };
  const suffix = scale === '' ? '' : `+${scale}`;
  if (typeof answer === 'number') {
    // the stated scale travels with the answer as TAT-QA systems give it (answer, scale); the number stays as the program computed it
    return { status: 'ok', value: canonicalNumber(answer), rule: `shared-log${suffix}`, ...(scale === '' ? {} : { scale }) };
  }
  switch (answerSpecOf(question).kind) {
    case 'number': {
      const found = findNumericAnswer(answer).answer;
      return found.status === 'ok' ? { ...found, rule: `shared-log${suffix}:${found.rule ?? ''}` } : found;
    }
    case 'choice':
      return parseMcqAnswer(answer, question.options ?? {});
    default: {
      const parsed = parseTextAnswer(answer);
      return parsed.status === 'ok' ? { ...parsed, rule: 'shared-log' } : parsed;
    }
  }
}

/** How the unit ended up with its answer. */
export interface FinalChoice {
  answer: ParsedAnswer;
  /** `verified-answer` (the latest ANSWER the verifier passed), `unverified-answer` (the latest ANSWER), `no-answer`. */
  aggregate: 'verified-answer' | 'unverified-answer' | 'no-answer';
  /** The ANSWER entry chosen. */
  entry?: LogEntry;
}

/**
 * Picks the unit's answer from the log: the latest ANSWER the verifier
 * passed (OK), else the latest ANSWER, else none.
 */
export function chooseFinalAnswer(entries: readonly LogEntry[], question: QuestionLike): FinalChoice {
  const passed = new Set(entries.filter((entry) => entry.accepted && entry.type === 'OK').map((entry) => verdictMeta(entry).answerSeq));
  const answers = entries.filter((entry) => entry.accepted && entry.type === 'ANSWER');
  const verified = answers.findLast((entry) => passed.has(entry.seq));
  const chosen = verified ?? answers.at(-1);
  if (chosen === undefined) return { answer: { status: 'unparsed', value: null, rule: 'shared-log:no-answer' }, aggregate: 'no-answer' };
  return { answer: proposedAnswer(answerMeta(chosen), question), aggregate: verified === undefined ? 'unverified-answer' : 'verified-answer', entry: chosen };
}
