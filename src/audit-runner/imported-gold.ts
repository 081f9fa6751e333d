import type { Gold } from '../spec/question.js';
import { importedAnswer } from './imported-trace.js';

/** A foreign gold answer as quorum's `Gold`: numbers, option letters, or text. */
export function goldOf(value: string | number | null | undefined): Gold {
  if (typeof value === 'number') return { kind: 'number', value };
  const text = importedAnswer(value);
  if (text === null) return { kind: 'none' };
  return /^[A-Za-z]$/.test(text) ? { kind: 'choice', value: text.toUpperCase() } : { kind: 'text', value: text };
}
