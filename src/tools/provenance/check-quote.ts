import type { Passage } from '../../spec/question.js';
import { findSpan } from './find-span.js';
import type { ProvenanceResult, SpanMatchMode } from './provenance-result.js';

/** A QUOTE as an agent claims it. */
export interface QuoteClaim {
  passage: string;
  text: string;
}

/**
 * Checks a QUOTE: the cited passage must exist and the text must be a span
 * of it (`findSpan`; `loose` also forgives spacing and case). Accepted
 * quotes store the passage's own text between the found offsets, with
 * `meta` {passage, start, end, match}; anything else is rejected with the
 * reason.
 */
export function checkQuote(passages: readonly Passage[], claim: QuoteClaim, mode: SpanMatchMode): ProvenanceResult {
  const meta: Record<string, unknown> = { source: 'passage', passage: claim.passage, claimed: claim.text };
  const passage = passages.find((each) => each.id === claim.passage);
  if (passage === undefined) {
    return { accepted: false, rejection: `no passage "${claim.passage}" (passages: ${passages.map((each) => each.id).slice(0, 12).join(', ')})`, meta };
  }
  if (!/[\p{L}\p{N}]/u.test(claim.text)) return { accepted: false, rejection: 'the quote has no words or numbers', meta };
  const span = findSpan(passage.text, claim.text, mode);
  if (span === undefined) {
    const elsewhere = passages.find((each) => each.id !== passage.id && findSpan(each.text, claim.text, mode) !== undefined);
    const hint = elsewhere === undefined ? '' : `; it is a span of passage "${elsewhere.id}"`;
    return { accepted: false, rejection: `the quote is not ${mode === 'exact' ? 'an exact' : 'a'} span of passage "${passage.id}"${hint}`, meta };
  }
  return { accepted: true, content: span.text, meta: { source: 'passage', passage: passage.id, start: span.start, end: span.end, match: span.match } };
}
