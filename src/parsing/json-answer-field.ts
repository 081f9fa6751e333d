import { parseTolerantJson } from './tolerant-json.js';

/** Keys that hold the answer in JSON replies, in order of preference. */
const ANSWER_KEYS = ['answer', 'final_answer', 'finalanswer', 'choice', 'option', 'prediction', 'forecast'];

/**
 * The JSON object in a reply, read by the one set of rules for JSON in
 * model text (`parseTolerantJson`: the whole reply, else the last fenced
 * block, else the last complete object in the prose; trailing commas
 * tolerated). Returns undefined when there is none (free text, arrays,
 * invalid JSON).
 */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const parsed = parseTolerantJson(text, 'object');
  if (!parsed.ok) return undefined;
  const value = parsed.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * The value of the answer field of a JSON reply: the answer key of the JSON
 * object in the reply (`parseJsonObject`), or, when the reply holds no
 * complete object, the last `"answer": …` pair anywhere in the text (an
 * object cut off or broken around it).
 * Returns undefined when there is none.
 */
export function findJsonAnswerField(text: string): string | number | undefined {
  const object = parseJsonObject(text);
  if (object !== undefined) {
    const byKey = new Map(Object.entries(object).map(([key, value]) => [key.toLowerCase(), value]));
    for (const key of ANSWER_KEYS) {
      const value = byKey.get(key);
      if (typeof value === 'string' || typeof value === 'number') return value;
    }
    return undefined;
  }
  const pairs = [...text.matchAll(/"(?:answer|final_answer|finalAnswer)"\s*:\s*("(?:[^"\\\n]|\\.)*"|-?\d[\d.,]*)/g)];
  const last = pairs.at(-1)?.[1];
  if (last === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(last.replace(/,(?=\d{3})/g, ''));
    return typeof value === 'string' || typeof value === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}
