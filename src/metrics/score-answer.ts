import type { ParsedAnswer } from '../spec/answer.js';
import type { Gold } from '../spec/question.js';
import { normaliseText } from '../parsing/normalise-text.js';

/** The gold answer as text, or null when the question has none. */
export function goldText(gold: Gold): string | null {
  switch (gold.kind) {
    case 'choice':
    case 'text':
      return gold.value;
    case 'number':
      return String(gold.value);
    case 'none':
      return null;
  }
}

/**
 * Whether an answer is correct. Unparsed and ambiguous answers are never
 * correct; questions without gold give null. Numbers match within the
 * question's absolute tolerance (default: equal up to 1e-9 relative error);
 * text matches after normalisation (case, spaces, punctuation, articles).
 */
export function scoreAnswer(answer: ParsedAnswer, gold: Gold): boolean | null {
  if (gold.kind === 'none') return null;
  if (answer.status !== 'ok' || answer.value === null) return false;
  switch (gold.kind) {
    case 'choice':
      return answer.value.trim().toUpperCase() === gold.value.trim().toUpperCase();
    case 'number': {
      const value = Number(answer.value);
      if (!Number.isFinite(value)) return false;
      const tolerance = gold.tolerance ?? Math.abs(gold.value) * 1e-9;
      return Math.abs(value - gold.value) <= tolerance;
    }
    case 'text': {
      const normalised = normaliseText(answer.value);
      return [gold.value, ...(gold.aliases ?? [])].some((candidate) => normaliseText(candidate) === normalised);
    }
  }
}
