import type { CellData, StudyData } from '../study/collect-study-data.js';
import { questionMeans } from './estimates.js';
import type { StudyMetric } from './study-metrics.js';

/** The cell of a protocol within one dataset and setup (every combination exists in a resolved grid). */
export function findCell(data: StudyData, protocol: string, dataset: string, setup: string): CellData {
  const cell = data.cells.find((entry) => entry.cell.protocol === protocol && entry.cell.dataset === dataset && entry.cell.setup === setup);
  if (cell === undefined) throw new RangeError(`the study has no cell ${protocol} · ${dataset} · ${setup}`);
  return cell;
}

/** Paired values and the pairs left out because the metric is n/a on one side. */
export interface PairedValues {
  a: number[];
  b: number[];
  /** Pairs present in both cells (both units finished) whose value is n/a under the treatment, the control, or both: excluded, and counted. */
  excluded: { treatment: number; control: number; both: number };
}

/**
 * Values of both cells on the pairs where both have one, in a stable order:
 * matched by (question, seed), or with `pairing: question` by question
 * after averaging each question's seeds. A pair with n/a on either side is
 * excluded and counted in `excluded` (never read as 0).
 */
export function pairValues(metric: StudyMetric, treatment: CellData, control: CellData, pairing: 'question-seed' | 'question'): PairedValues {
  const a: number[] = [];
  const b: number[] = [];
  const excluded = { treatment: 0, control: 0, both: 0 };
  const count = (left: number | undefined, right: number | undefined): void => {
    if (left === undefined && right === undefined) excluded.both += 1;
    else if (left === undefined) excluded.treatment += 1;
    else if (right === undefined) excluded.control += 1;
  };
  if (pairing === 'question') {
    const mine = questionMeans(treatment.observations, metric);
    const other = questionMeans(control.observations, metric);
    const controlQuestions = new Set(control.observations.map((observation) => observation.questionId));
    for (const question of new Set(treatment.observations.map((observation) => observation.questionId))) {
      if (!controlQuestions.has(question)) continue;
      const value = mine.get(question);
      const match = other.get(question);
      if (value === undefined || match === undefined) {
        count(value, match);
        continue;
      }
      a.push(value);
      b.push(match);
    }
    return { a, b, excluded };
  }
  const other = new Map(control.observations.map((observation) => [`${observation.questionId}\u0000${observation.seed}`, observation]));
  for (const observation of treatment.observations) {
    const match = other.get(`${observation.questionId}\u0000${observation.seed}`);
    if (match === undefined) continue;
    const value = observation.values[metric];
    const matchValue = match.values[metric];
    if (value === undefined || matchValue === undefined) {
      count(value, matchValue);
      continue;
    }
    a.push(value);
    b.push(matchValue);
  }
  return { a, b, excluded };
}
