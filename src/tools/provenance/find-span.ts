import type { SpanMatchMode } from './provenance-result.js';

/** Where a quote was found in its source. */
export interface SpanMatch {
  start: number;
  /** End offset (exclusive). */
  end: number;
  /** The source text between the offsets: what the log stores. */
  text: string;
  /** `exact`: the quote is a substring; `loose`: it matches once case, spacing and quote/dash styles are ignored. */
  match: 'exact' | 'loose';
}

/** Shortest quote (in non-space characters) that loose matching accepts; shorter ones match almost anywhere. */
export const LOOSE_MIN_LENGTH = 6;

const FOLD: Readonly<Record<string, string>> = { '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '−': '-', '\u00a0': ' ' };

/**
 * Finds a quote in a source text. A span starts and ends on word boundaries
 * ("astercar" is not a span of "mastercard"); surrounding whitespace of the
 * quote is ignored. `exact` mode accepts only a verbatim span. `loose` mode also accepts a quote that differs only in case,
 * whitespace (FinQA's tokenised "visa , mastercard" quoted as "visa,
 * mastercard") and typographic quotes or dashes, provided it starts and
 * ends on word boundaries of the source; the match is mapped back to
 * source offsets and `text` is the source's own span. Returns undefined
 * when the quote is not a span of the source.
 */
export function findSpan(source: string, quote: string, mode: SpanMatchMode): SpanMatch | undefined {
  const trimmed = quote.trim();
  if (trimmed === '') return undefined;
  for (let at = source.indexOf(trimmed); at >= 0; at = source.indexOf(trimmed, at + 1)) {
    if (onBoundary(source, at, at + trimmed.length)) return { start: at, end: at + trimmed.length, text: trimmed, match: 'exact' };
  }
  if (mode === 'exact') return undefined;

  const folded = fold(source);
  const needle = fold(quote).chars.join('');
  if (needle.length < LOOSE_MIN_LENGTH) return undefined;
  const haystack = folded.chars.join('');
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const start = folded.offsets[at]!;
    const end = folded.offsets[at + needle.length - 1]! + 1;
    if (onBoundary(source, start, end)) return { start, end, text: source.slice(start, end), match: 'loose' };
  }
  return undefined;
}

/** Non-space characters, case- and style-folded, with their offsets in the original text. */
function fold(text: string): { chars: string[]; offsets: number[] } {
  const chars: string[] = [];
  const offsets: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = FOLD[text[index]!] ?? text[index]!;
    if (/\s/.test(char)) continue;
    const lower = char.toLowerCase();
    // keep offsets one-to-one with characters: a few letters lower-case to two code units
    chars.push(lower.length === char.length ? lower : char);
    offsets.push(index);
  }
  return { chars, offsets };
}

function onBoundary(source: string, start: number, end: number): boolean {
  const word = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}]/u.test(char);
  const startsClean = !(word(source[start - 1]) && word(source[start]));
  const endsClean = !(word(source[end - 1]) && word(source[end]));
  return startsClean && endsClean;
}
