import { ocrText, type OcrReading } from '../ocr/ocr-line.js';
import { findSpan } from './find-span.js';
import type { ProvenanceResult, SpanMatchMode } from './provenance-result.js';

/** A VISUAL reading as an agent claims it: text it read from an image. */
export interface VisualClaim {
  image: string;
  text: string;
}

/**
 * Checks a VISUAL reading against what OCR read from the image: the text
 * must be a span of the kept OCR lines (joined by line breaks). Accepted
 * readings store the OCR text of the span and, as provenance, the image,
 * the lines covered and the lowest confidence among them. An image that was
 * never read cannot be cited.
 */
export function checkVisual(readings: ReadonlyMap<string, OcrReading>, claim: VisualClaim, mode: SpanMatchMode): ProvenanceResult {
  const meta: Record<string, unknown> = { source: 'image', image: claim.image, tool: 'ocr', claimed: claim.text };
  const reading = readings.get(claim.image);
  if (reading === undefined) return { accepted: false, rejection: `image "${claim.image}" has not been read (read images: ${[...readings.keys()].join(', ') || 'none'})`, meta };
  const text = ocrText(reading.lines);
  const span = findSpan(text, claim.text, mode);
  if (span === undefined) return { accepted: false, rejection: `the text is not what OCR read from image "${claim.image}"`, meta };
  const lines: number[] = [];
  let offset = 0;
  reading.lines.forEach((line, index) => {
    const end = offset + line.text.length;
    if (offset < span.end && span.start < end) lines.push(index);
    offset = end + 1;
  });
  const confidence = Math.min(...lines.map((index) => reading.lines[index]!.confidence));
  return { accepted: true, content: span.text, meta: { source: 'image', image: claim.image, tool: 'ocr', engine: reading.engine, lines, confidence: Number(confidence.toFixed(4)), start: span.start, end: span.end, match: span.match } };
}
