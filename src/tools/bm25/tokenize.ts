// Function words only: content words and numbers (years, amounts) decide relevance in financial and table text.
const STOP = new Set(
  'a an and are as at be by did do does for from had has have how in is it its of on or that the their this to was were what when which who whom why will with'.split(' '),
);

/**
 * Splits text into lower-case search tokens: words, and numbers with their
 * decimals ("50.3") and without grouping commas ("1,234" → "1234"), so a
 * number matches however the source grouped its digits. Function words are
 * dropped; nothing is stemmed, so retrieval stays predictable and the
 * ranking can be checked by hand.
 */
export function searchTokens(text: string): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
    .match(/\d+(?:\.\d+)?|[\p{L}\p{N}]+/gu);
  return (tokens ?? []).filter((token) => !STOP.has(token));
}
