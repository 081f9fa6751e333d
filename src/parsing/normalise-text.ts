/** Lower case, no punctuation, no articles, single spaces (SQuAD-style normalisation). */
export function normaliseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
