import type { ImageRef, Passage, QuestionLike, Table } from '../../spec/question.js';
import { Bm25Index } from '../../tools/bm25/bm25-index.js';
import type { OcrReading } from '../../tools/ocr/ocr-line.js';
import { checkLookup, type LookupClaim } from '../../tools/provenance/check-lookup.js';
import { checkQuote, type QuoteClaim } from '../../tools/provenance/check-quote.js';
import { checkVisual, type VisualClaim } from '../../tools/provenance/check-visual.js';
import type { ProvenanceResult, SpanMatchMode } from '../../tools/provenance/provenance-result.js';

/** A piece of evidence an agent wants to add to the log, before its provenance check. */
export type EvidenceClaim =
  | { type: 'LOOKUP'; claim: LookupClaim }
  | { type: 'QUOTE'; claim: QuoteClaim }
  /** `tool: 'ocr'` readings are checked against the OCR lines; `vision` descriptions only name an existing image. */
  | { type: 'VISUAL'; claim: VisualClaim & { tool: 'ocr' | 'vision' } };

/**
 * The sources of one question (tables, passages, images) and what tools
 * derived from them (the passage BM25 index, OCR readings), with the
 * provenance check of every evidence type. One instance per unit.
 */
export class EvidenceSources {
  readonly tables: readonly Table[];
  readonly passages: readonly Passage[];
  readonly images: readonly ImageRef[];
  /** OCR readings by image id, filled by the VisualAgent. */
  readonly readings = new Map<string, OcrReading>();
  readonly quoteMatch: SpanMatchMode;
  #index: Bm25Index | undefined;

  constructor(question: QuestionLike, quoteMatch: SpanMatchMode) {
    this.tables = question.context?.tables ?? [];
    this.passages = question.context?.passages ?? [];
    this.images = question.context?.images ?? [];
    this.quoteMatch = quoteMatch;
  }

  /** Whether the question has any context at all (then an answer must cite evidence). */
  get hasContext(): boolean {
    return this.tables.length + this.passages.length + this.images.length > 0;
  }

  /** The BM25 index over the passages (built on first use). */
  passageIndex(): Bm25Index {
    this.#index ??= new Bm25Index(this.passages.map((passage) => ({ id: passage.id, text: passage.title === undefined ? passage.text : `${passage.title}. ${passage.text}` })));
    return this.#index;
  }

  /** Checks a claim against its source; the log stores the result either way. */
  check(evidence: EvidenceClaim): ProvenanceResult {
    switch (evidence.type) {
      case 'LOOKUP':
        return checkLookup(this.tables, evidence.claim);
      case 'QUOTE':
        return checkQuote(this.passages, evidence.claim, this.quoteMatch);
      case 'VISUAL': {
        if (evidence.claim.tool === 'ocr') return checkVisual(this.readings, evidence.claim, this.quoteMatch);
        const meta = { source: 'image', image: evidence.claim.image, tool: 'vision', checked: false };
        if (!this.images.some((image) => image.id === evidence.claim.image)) return { accepted: false, rejection: `no image "${evidence.claim.image}"`, meta };
        if (evidence.claim.text.trim() === '') return { accepted: false, rejection: 'the description is empty', meta };
        return { accepted: true, content: evidence.claim.text.trim(), meta };
      }
    }
  }
}
