import type { CellData, StudyData } from './collect-study-data.js';
import { questionMeans } from './estimates.js';
import type { StudyMetric } from './study-metrics.js';

/** The cell of a protocol within one dataset and setup (every combination exists in a resolved grid). */
export function findCell(data: StudyData, protocol: string, dataset: string, setup: string): CellData {
  const cell = data.cells.find((entry) => entry.cell.protocol === protocol && entry.cell.dataset === dataset && entry.cell.setup === setup);
  if (cell === undefined) throw new RangeError(`the study has no cell ${protocol} · ${dataset} · ${setup}`);
  return cell;
}

/**
 * Values of both cells on the pairs where both have one, in a stable order:
 * matched by (question, seed), or with `pairing: question` by question
 * after averaging each question's seeds.
 */
export function pairValues(metric: StudyMetric, treatment: CellData, control: CellData, pairing: 'question-seed' | 'question'): { a: number[]; b: number[] } {
  const a: number[] = [];
  const b: number[] = [];
  if (pairing === 'question') {
    const other = questionMeans(control.observations, metric);
    for (const [question, value] of questionMeans(treatment.observations, metric)) {
      const match = other.get(question);
      if (match === undefined) continue;
      a.push(value);
      b.push(match);
    }
    return { a, b };
  }
  const other = new Map(control.observations.map((observation) => [`${observation.questionId}\u0000${observation.seed}`, observation.values[metric]]));
  for (const observation of treatment.observations) {
    const value = observation.values[metric];
    const match = other.get(`${observation.questionId}\u0000${observation.seed}`);
    if (value === undefined || match === undefined) continue;
    a.push(value);
    b.push(match);
  }
  return { a, b };
}
