import type { Gold } from '../../spec/question.js';

/** Options of a question written as lines "A) …" (as MALLM's and ChatEval's inputs do), or undefined when it has none. */
export function mcqOptions(input: string): Record<string, string> | undefined {
  const options: Record<string, string> = {};
  for (const match of input.matchAll(/^\s*([A-Z])\)\s+(.+)$/gm)) options[match[1]!] = match[2]!.trim();
  return Object.keys(options).length >= 2 ? options : undefined;
}

/**
 * A reference answer as quorum's `Gold`: an option letter when the question
 * has options (MALLM's MCQ scorer compares the reference's first character),
 * a number when it is one or a GSM8K worked answer ending "#### n", else text.
 */
export function referenceGold(reference: string | undefined, options: Record<string, string> | undefined): Gold {
  const text = reference?.trim() ?? '';
  if (text === '') return { kind: 'none' };
  if (options !== undefined && /^[A-Z]/.test(text) && options[text[0]!] !== undefined) return { kind: 'choice', value: text[0]! };
  const worked = /####\s*(-?[\d,]*\.?\d+)\s*$/.exec(text)?.[1] ?? (/^-?[\d,]*\.?\d+$/.test(text) ? text : undefined);
  if (worked !== undefined) return { kind: 'number', value: Number(worked.replace(/,/g, '')) };
  return { kind: 'text', value: text };
}
