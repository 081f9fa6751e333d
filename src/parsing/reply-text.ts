/**
 * Small text helpers shared by the answer parsers and the segmenter: which
 * part of a reply counts, how markup is removed, and how option texts are
 * compared.
 */

/**
 * The part of a reply that carries its answer. Reasoning models put their
 * scratch work in `<think>…</think>`; only what follows the last closing tag
 * is the reply, unless nothing follows it (a reply cut inside or right after
 * the block), in which case the whole text is used.
 */
export function visibleReply(text: string): string {
  const close = text.toLowerCase().lastIndexOf('</think>');
  if (close < 0) return text;
  const after = text.slice(close + '</think>'.length);
  return after.trim() === '' ? text.replace(/<\/?think>/gi, '') : after;
}

/**
 * Removes markdown that wraps answers without changing their words:
 * emphasis stars and double underscores, backticks, heading hashes and
 * blockquote marks. Line structure is kept, so line-based rules still work.
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\*+|__+|`+/g, '')
    .replace(/^[ \t]*(?:#{1,6}|>+)[ \t]*/gm, '');
}

/**
 * Lower-cased text with punctuation turned into single spaces, for comparing
 * an option's text with what a model wrote ("Atropine." ≈ "atropine").
 */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}%+]+/gu, ' ')
    .trim();
}

/** Words of a text: whitespace-separated tokens that contain a letter or digit. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Non-empty, trimmed lines of a text, in order. */
export function nonEmptyLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * An answer statement as a scorer should read it: `\boxed{…}` unwrapped,
 * spaces collapsed, a leading separator and a final sentence period
 * removed, and one pair of wrapping quotes removed when the text holds no
 * other quote (`"2004"|"2005"` keeps its quotes: they belong to the items).
 */
export function tidyStatement(raw: string): string {
  const text = raw
    .replace(/\\boxed\s*\{(.*)\}/, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    // a leading separator goes ("Answer: - Paris"), a minus sign stays ("-17")
    .replace(/^(?:[:：=]|[-–—](?![\d.]))\s*/, '')
    .replace(/\.$/, '');
  const quoted = /^["'“‘](.*)["'”’]$/.exec(text);
  const inner = quoted === null || /["“”]/.test(quoted[1]!) ? text : quoted[1]!;
  return inner.replace(/\.$/, '').trim();
}
