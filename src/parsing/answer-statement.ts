import { stripMarkup } from './reply-text.js';

const CONNECTIVE = String.raw`(?:(?:so|thus|therefore|hence|overall|in conclusion|in summary|to summarize|finally|ultimately|my conclusion)\b[\s,:\-–—]*)?`;
const SUBJECT = String.raw`(?:(?:the|my|our)\s+)?(?:(?:final|correct|best|right|most likely|most appropriate|single best)\s+)?`;

// A sentence that gives reasons is a reasoning step even when it names the answer.
const REASONING = /\b(?:because|since|given|due to|as it|as this|as the|which|whereas|owing to|explains|consistent with)\b/i;

const LABEL = /^(?:final\s+|correct\s+|short\s+)?answer\s*(?:choice\s*)?[:：=\-–—]/i;
const STATEMENT = new RegExp(String.raw`^${CONNECTIVE}${SUBJECT}(?:answer|option|choice|response)(?:\s+(?:choice|option))?\s+(?:is|would be|must be|should be|will be|has to be)\s+(.+)$`, 'i');
const LETTER_FIRST = new RegExp(
  String.raw`^${CONNECTIVE}(?:(?:option|choice)\s+)?[(\[]?[A-Z][)\]]?\s+(?:is|would be)\s+(?:the\s+)?(?:correct|right|best|most likely|most appropriate)(?:\s+(?:answer|option|choice|one))?$`,
  'i',
);
const CHOOSE = new RegExp(String.raw`^${CONNECTIVE}(?:i|we)(?:'d|'ll|’d|’ll|\s+would|\s+will)?\s+(?:choose|chose|pick|select|go with|opt for)\s+(.+)$`, 'i');
const LONE = /^(?:\\boxed\s*\{.*\}|[(\[]?[A-Za-z][)\]]?|[-−+$€£]?\d[\d,.]*\s*%?)$/;

/**
 * Whether a sentence or line only states the answer ("The answer is C",
 * "Answer: C", "Final answer: (C) Atropine", "I choose option C",
 * "Option C is correct", "\boxed{C}") and gives no reason. Such sentences
 * are not reasoning steps (DESIGN §6 "Steps").
 */
export function isAnswerStatement(sentence: string): boolean {
  const text = stripMarkup(sentence).replace(/\s+/g, ' ').trim().replace(/[.!]+$/, '').trim();
  if (text === '') return false;
  if (LONE.test(text)) return true;
  if (REASONING.test(text)) return false;
  if (LABEL.test(text) || LETTER_FIRST.test(text)) return true;
  const value = STATEMENT.exec(text)?.[1] ?? CHOOSE.exec(text)?.[1];
  // "The answer is C) Atropine" is a statement; "the answer is clear once we look at the ECG and the history" is a sentence.
  return value !== undefined && value.split(' ').length <= 8;
}
