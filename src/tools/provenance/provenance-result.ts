/**
 * The outcome of checking one claimed piece of evidence against its source.
 * Accepted evidence carries the verbatim source text as `content` (the log
 * never holds a paraphrase) and its provenance as `meta`; rejected evidence
 * carries the reason, written so a person (or the agent, in a later prompt)
 * can see what was wrong.
 */
export type ProvenanceResult =
  | { accepted: true; content: string; meta: Record<string, unknown> }
  | { accepted: false; rejection: string; meta: Record<string, unknown> };

/** How strictly a quoted span must match its source. */
export type SpanMatchMode = 'exact' | 'loose';
