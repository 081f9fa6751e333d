import { pythonStrip } from '../python/python-text.js';

/**
 * The list of answers a stated answer gives, for MultiModalQA's list
 * metrics (its evaluator reads a JSON list per question; quorum has one
 * text): a JSON array is read as the list; else "a|b" splits at "|";
 * else, when the gold lists several answers, at semicolons and at commas
 * not followed by a digit ("1,000" stays whole), a leading "and" dropped
 * ("a, b, and c"), and when that still gives fewer items than the gold has,
 * the last item is split at " and " / " & ". One gold answer: the whole text.
 */
export function mmqaAnswerList(answer: string, goldCount: number): string[] {
  const text = pythonStrip(answer);
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string' || typeof item === 'number')) return parsed.map(String);
    } catch {
      // Not JSON: read as text.
    }
  }
  if (text.includes('|')) return text.split('|').map((item) => item.trim());
  if (goldCount <= 1) return [text];
  const items = text.split(/\s*;\s*|\s*,(?!\d)\s*/).map((item) => item.replace(/^(?:and|&)\s+/i, '').trim()).filter((item) => item !== '');
  if (items.length < goldCount && items.length > 0) {
    const last = items.pop()!;
    items.push(...last.split(/\s+(?:and|&)\s+/i));
  }
  return items.length === 0 ? [text] : items;
}
