import type { ParsedAnswer } from '../spec/answer.js';
import { answerSpecOf, type QuestionLike } from '../spec/question.js';
import { parseTextAnswer } from './text-answer.js';

// mmlu/eval_mmlu.py:56 `\((\w)\)` — Python 3's \w is Unicode-aware: letters, digits and underscore
const PARENTHESISED = /\(([\p{L}\p{N}_])\)/gu;
// gsm/eval_gsm.py:56 `\{([0-9.,$]*)\}`
const BRACED = /\{([0-9.,$]*)\}/g;
// mmlu/eval_mmlu.py:47 and gsm/eval_gsm.py:47 (solve_math_problems) `\d+\.?\d*` — no sign: "-5" reads as "5", as theirs does
const BARE_NUMBER = /\d+\.?\d*/g;

/**
 * Extracts an answer with the rules of Du et al.'s eval scripts
 * (composable-models/llm_multiagent_debate), so that the `du` baseline
 * votes on the same answers their numbers were computed from:
 * - multiple choice (`mmlu/eval_mmlu.py`, `parse_answer`): the last "(X)",
 *   upper-cased — whatever X is, an option or not; else the last bare number;
 * - numbers (`gsm/eval_gsm.py`, `parse_answer`): the last `{…}` holding only
 *   digits, `.`, `,` and `$`, keeping digits and dots (so `\boxed{1,000}` is
 *   "1000"); else the last bare number;
 * - other answer kinds: quorum's text parser (their free-text tasks are
 *   scored by a judge, not parsed).
 * Values are kept as extracted ("18.00" stays "18.00"), as their vote
 * compared them; quorum's vote then counts them under the dataset's answer
 * equality. `rule` is `du-parenthesis`, `du-braces` or `du-last-number`.
 */
export function parseDuAnswer(text: string, question: QuestionLike): ParsedAnswer {
  switch (answerSpecOf(question).kind) {
    case 'choice':
      return lastParenthesised(text) ?? lastBareNumber(text) ?? UNPARSED;
    case 'number':
      return lastBraced(text) ?? lastBareNumber(text) ?? UNPARSED;
    case 'text':
    case 'none':
      return parseTextAnswer(text);
  }
}

const UNPARSED: ParsedAnswer = { status: 'unparsed', value: null, rule: 'none' };

function lastParenthesised(text: string): ParsedAnswer | undefined {
  const last = [...text.matchAll(PARENTHESISED)].at(-1);
  return last === undefined ? undefined : { status: 'ok', value: last[1]!.toUpperCase(), rule: 'du-parenthesis' };
}

function lastBraced(text: string): ParsedAnswer | undefined {
  for (const match of [...text.matchAll(BRACED)].reverse()) {
    const digits = match[1]!.replace(/[^0-9.]/g, '');
    // Theirs returns "" (or ".") here and then fails in float(); quorum moves on to the previous braces instead of crashing the eval
    if (digits !== '' && Number.isFinite(Number(digits))) return { status: 'ok', value: digits, rule: 'du-braces' };
  }
  return undefined;
}

function lastBareNumber(text: string): ParsedAnswer | undefined {
  const last = [...text.matchAll(BARE_NUMBER)].at(-1);
  return last === undefined ? undefined : { status: 'ok', value: last[0], rule: 'du-last-number' };
}
