import type { NliProvider } from '../spec/audit.js';
import { DatasetFormatError } from '../spec/errors.js';
import { parseCsvRecords } from '../util/csv-records.js';
import { contradictionFlags, type ContradictionFlags } from './contradiction-flags.js';

/** The three NLI classes, in the Hugging Face SNLI/MNLI label order (0, 1, 2). */
export const NLI_LABELS = ['entailment', 'neutral', 'contradiction'] as const;
export type NliLabel = (typeof NLI_LABELS)[number];

/** One gold-labelled pair. */
export interface LabelledNliPair {
  premise: string;
  hypothesis: string;
  label: NliLabel;
}

/** How an NLI provider did on labelled pairs. */
export interface NliEvaluation {
  pairs: number;
  /** `confusion[gold][predicted]`, predicted = the most probable class. */
  confusion: Record<NliLabel, Record<NliLabel, number>>;
  /** Share of pairs whose most probable class is the gold one. */
  accuracy: number;
  /** The contradiction class, flagged when p(contradiction) > threshold (the CARA rule, DESIGN §6). */
  contradiction: ContradictionFlags;
}

/**
 * Reads an NLI CSV with the header `premise,hypothesis,label` (other columns,
 * such as `index`, are ignored) and labels 0 = entailment, 1 = neutral,
 * 2 = contradiction: the Hugging Face SNLI export. RFC 4180 quoting.
 */
export function parseNliCsv(file: string, text: string): LabelledNliPair[] {
  const rows = parseCsvRecords(file, text);
  const header = rows.shift()?.cells;
  const column = (name: string): number => {
    const at = header?.indexOf(name) ?? -1;
    if (at === -1) throw new DatasetFormatError(file, 1, name, `expected a header with premise, hypothesis and label columns, found "${header?.join(',') ?? ''}"`);
    return at;
  };
  const premiseAt = column('premise');
  const hypothesisAt = column('hypothesis');
  const labelAt = column('label');
  return rows.map((row) => {
    const label = NLI_LABELS[Number(row.cells[labelAt])];
    if (label === undefined || !/^[012]$/.test(row.cells[labelAt] ?? '')) {
      throw new DatasetFormatError(file, row.line, 'label', `expected 0 (entailment), 1 (neutral) or 2 (contradiction), found "${row.cells[labelAt] ?? ''}"`);
    }
    return { premise: row.cells[premiseAt] ?? '', hypothesis: row.cells[hypothesisAt] ?? '', label };
  });
}

/** Scores all pairs in one batch and compares them with the gold labels. */
export async function evaluateNli(provider: NliProvider, pairs: readonly LabelledNliPair[], threshold = 0.5): Promise<NliEvaluation> {
  const scores = await provider.classify(pairs);
  const confusion = Object.fromEntries(NLI_LABELS.map((gold) => [gold, Object.fromEntries(NLI_LABELS.map((predicted) => [predicted, 0]))])) as NliEvaluation['confusion'];
  let correct = 0;
  pairs.forEach((pair, index) => {
    const score = scores[index]!;
    const predicted = NLI_LABELS.reduce((best, label) => (score[label] > score[best] ? label : best), NLI_LABELS[0] as NliLabel);
    confusion[pair.label][predicted]++;
    if (predicted === pair.label) correct++;
  });
  return {
    pairs: pairs.length,
    confusion,
    accuracy: pairs.length === 0 ? 0 : correct / pairs.length,
    contradiction: contradictionFlags(
      scores.map((score) => score.contradiction),
      pairs.map((pair) => pair.label === 'contradiction'),
      threshold,
    ),
  };
}
