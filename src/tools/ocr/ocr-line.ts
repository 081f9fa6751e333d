/** One line of text read from an image. */
export interface OcrLine {
  text: string;
  /** Mean recognition confidence of the line's characters, 0–1. */
  confidence: number;
  /** Corner points [[x, y] × 4], clockwise from top left, when the engine gives them. */
  box?: number[][];
}

/** What OCR read from one image. */
export interface OcrReading {
  /** Lines at or above the confidence threshold, top to bottom as the engine returned them. */
  lines: OcrLine[];
  /** Lines dropped for low confidence. */
  dropped: OcrLine[];
  /** Engine and models, for provenance. */
  engine: string;
  /** Milliseconds spent: loading the engine (0 when it was warm) and reading this image. */
  timings: { loadMs: number; detectMs: number };
}

/** Lines below this confidence are dropped (measured: misreadings cluster below it). */
export const OCR_MIN_CONFIDENCE = 0.5;

/** The engine name recorded in VISUAL entries. */
export const OCR_ENGINE = '@gutenye/ocr-node 1.4.8 (PaddleOCR PP-OCRv4 det/rec, onnxruntime)';

/** The lines of a reading as one text, one line per line: the source VISUAL quotes must be spans of. */
export function ocrText(lines: readonly OcrLine[]): string {
  return lines.map((line) => line.text).join('\n');
}
