import type { CellData, StudyData } from '../../study/collect-study-data.js';
import { studyMetricKeys, type StudyMetric } from '../../analysis/study-metrics.js';
import { pairedDifference } from '../../analysis/paired-differences.js';
import { studyComparisons } from '../../analysis/study-comparisons.js';
import type { UnitRecord } from '../../spec/store.js';
import type { PairSide, StudyComparisonView, StudyPairRow } from './api-types.js';

/** Which two cells to pair: two protocols within one dataset and setup. */
export interface PairSelection {
  treatment: string;
  control: string;
  dataset: string;
  setup: string;
  metric: StudyMetric;
}

/** Every comparison of the study (as its report makes them) with the metrics that have pairs. */
export function comparisonViews(data: StudyData): StudyComparisonView[] {
  const views: StudyComparisonView[] = [];
  for (const { treatment, control } of studyComparisons(data.config)) {
    for (const dataset of data.config.datasets) {
      for (const setup of data.config.setups) {
        const selection = { treatment, control, dataset: dataset.label, setup: setup.label };
        const metrics = studyMetricKeys().filter((metric) => (pairRows(data, { ...selection, metric })?.length ?? 0) > 0);
        views.push({ ...selection, metrics });
      }
    }
  }
  return views;
}

/**
 * The (question, seed) pairs of two cells where both units have a value of
 * the metric, with both units (to click through to their traces), sorted
 * by the size of the difference (largest first), then question and seed.
 * Differences within the tie tolerance are 0, as in the report's tests.
 * Null when the study has no such cells.
 */
export function pairRows(data: StudyData, selection: PairSelection): StudyPairRow[] | null {
  const find = (protocol: string) => data.cells.find((cell) => cell.cell.protocol === protocol && cell.cell.dataset === selection.dataset && cell.cell.setup === selection.setup);
  const treatment = find(selection.treatment);
  const control = find(selection.control);
  if (treatment === undefined || control === undefined) return null;
  const controlSides = new Map<string, PairSide>();
  for (const side of sides(control, selection.metric)) controlSides.set(`${side.questionId}\u0000${side.seed}`, side.side);
  const rows: StudyPairRow[] = [];
  for (const { questionId, seed, side } of sides(treatment, selection.metric)) {
    const other = controlSides.get(`${questionId}\u0000${seed}`);
    if (other === undefined) continue;
    rows.push({ questionId, seed, treatment: side, control: other, difference: pairedDifference(side.value, other.value) });
  }
  return rows.sort((a, b) => Math.abs(b.difference) - Math.abs(a.difference) || a.questionId.localeCompare(b.questionId) || a.seed - b.seed);
}

function sides(cell: CellData, metric: StudyMetric): Array<{ questionId: string; seed: number; side: PairSide }> {
  if (cell.run === null) return [];
  const runId = cell.run.id;
  const units = new Map<string, UnitRecord>(cell.units.map((unit) => [unit.id, unit]));
  const result: Array<{ questionId: string; seed: number; side: PairSide }> = [];
  for (const observation of cell.observations) {
    const value = observation.values[metric];
    if (value === undefined) continue;
    const summary = units.get(observation.unitId)?.summary ?? null;
    result.push({
      questionId: observation.questionId,
      seed: observation.seed,
      side: { runId, unitId: observation.unitId, answer: summary?.answer ?? null, correct: summary?.correct ?? null, value },
    });
  }
  return result;
}
