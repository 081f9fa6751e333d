import { DatasetFormatError } from '../spec/errors.js';

/** One hand-labelled pair of reasoning steps (fixtures/nli-debate/README.md). */
export interface LabelledContradictionPair {
  id: string;
  premise: string;
  hypothesis: string;
  /** True when the annotator judged that both cannot be true as written. */
  contradiction: boolean;
  /** The annotator's reason, for contradictions. */
  reason?: string;
}

/**
 * Reads a contradiction-label file: one JSON object per line with `id`,
 * `premise`, `hypothesis`, `label` (`contradiction` or `not`) and, for
 * contradictions, `reason`; other fields (provenance) are ignored.
 */
export function parseContradictionLabels(file: string, text: string): LabelledContradictionPair[] {
  const pairs: LabelledContradictionPair[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new DatasetFormatError(file, index + 1, 'line', 'expected one JSON object per line');
    }
    for (const field of ['id', 'premise', 'hypothesis'] as const) {
      if (typeof row[field] !== 'string') throw new DatasetFormatError(file, index + 1, field, 'expected a string');
    }
    if (row['label'] !== 'contradiction' && row['label'] !== 'not') {
      throw new DatasetFormatError(file, index + 1, 'label', `expected "contradiction" or "not", found ${JSON.stringify(row['label'])}`);
    }
    const contradiction = row['label'] === 'contradiction';
    if (contradiction && (typeof row['reason'] !== 'string' || row['reason'].trim() === '')) {
      throw new DatasetFormatError(file, index + 1, 'reason', 'a contradiction needs the reason it was labelled so');
    }
    pairs.push({
      id: row['id'] as string,
      premise: row['premise'] as string,
      hypothesis: row['hypothesis'] as string,
      contradiction,
      ...(contradiction ? { reason: row['reason'] as string } : {}),
    });
  });
  return pairs;
}
