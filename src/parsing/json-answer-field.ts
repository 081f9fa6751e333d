/** Keys that hold the answer in JSON replies, in order of preference. */
const ANSWER_KEYS = ['answer', 'final_answer', 'finalanswer', 'choice', 'option', 'prediction', 'forecast'];

/**
 * Parses a reply that is a JSON object, alone or inside a ```json fence.
 * Returns undefined for anything else (free text, arrays, invalid JSON).
 */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  const fenced = /^\s*```[a-zA-Z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/.exec(text);
  const body = (fenced?.[1] ?? text).trim();
  if (!body.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The value of the answer field of a JSON reply: the whole reply as a JSON
 * object, or else the last `"answer": …` pair anywhere in the text (models
 * often wrap JSON in prose). Returns undefined when there is none.
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
