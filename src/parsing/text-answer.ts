import type { ParsedAnswer } from '../spec/answer.js';
import { findJsonAnswerField } from './json-answer-field.js';
import { nonEmptyLines, stripMarkup, tidyStatement, visibleReply } from './reply-text.js';

const ANSWER_LINE = /^(?:the[ \t]+)?(?:final[ \t]+|short[ \t]+)?answer[ \t]*(?:is[ \t]*:?|[:：=\-–—])[ \t]*(.*)$/gim;

/**
 * Extracts a free-text answer: the JSON `answer` field (`json`), else the
 * text after the last "Answer:" / "Final answer:" line label (`explicit`),
 * else the last non-empty line (`last-line`). The value is trimmed, markup
 * and wrapping quotes are removed, inner whitespace is collapsed and a
 * trailing period is dropped; case is kept (comparison is the scorer's job).
 */
export function parseTextAnswer(text: string): ParsedAnswer {
  const visible = stripMarkup(visibleReply(text));
  const json = findJsonAnswerField(visible);
  if (json !== undefined) return answerOf(String(json), 'json');
  const labelled = [...visible.matchAll(ANSWER_LINE)].map((match) => match[1] ?? '').filter((value) => tidyStatement(value) !== '');
  const last = labelled.at(-1);
  if (last !== undefined) return answerOf(last, 'explicit');
  return answerOf(nonEmptyLines(visible).at(-1) ?? '', 'last-line');
}

function answerOf(raw: string, rule: string): ParsedAnswer {
  const value = tidyStatement(raw);
  return value === '' ? { status: 'unparsed', value: null, rule: 'none' } : { status: 'ok', value, rule };
}
