import type { CellData, StudyData } from './collect-study-data.js';
import { questionMeans } from './estimates.js';
import { holmAdjust } from './holm-adjust.js';
import type { McNemarMethod } from './mcnemar-test.js';
import { comparePaired, pValueOf } from './paired-comparison.js';
import { studyComparisons } from './study-comparisons.js';
import { STUDY_METRIC_INFO, STUDY_METRICS, type StudyMetric } from './study-metrics.js';

/** One metric compared between two protocols within one dataset and setup. */
export interface ComparisonRow {
  metric: StudyMetric;
  treatment: string;
  control: string;
  dataset: string;
  setup: string;
  /** What a pair is: one (question, seed), or one question with seeds averaged. */
  pairing: 'question-seed' | 'question';
  n: number;
  meanTreatment: number | null;
  meanControl: number | null;
  /** Mean of treatment − control, with its percentile bootstrap CI. */
  meanDifference: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  t: number | null;
  df: number | null;
  pT: number | null;
  /** Holm-adjusted across the study's comparisons of this metric. */
  pTHolm: number | null;
  wilcoxonV: number | null;
  wilcoxonMethod: 'exact' | 'normal' | null;
  /** Pairs with a zero difference (dropped by the Wilcoxon test). */
  zeros: number;
  pWilcoxon: number | null;
  pWilcoxonHolm: number | null;
  dz: number | null;
  dav: number | null;
  /** Binary metrics (accuracy, agreement) with per-unit pairing. */
  mcnemar: { b: number; c: number; method: McNemarMethod; statistic: number | null; p: number; pHolm: number | null } | null;
  /** Why a statistic is missing (undefined tests, no pairs). */
  notes: string[];
}

/** The comparison rows and the metrics left out because no cell has a value for them. */
export interface ComparisonTable {
  rows: ComparisonRow[];
  notCompared: Array<{ metric: StudyMetric; reason: string }>;
}

/**
 * Compares protocols pairwise as the study asks (`studyComparisons`), within
 * each dataset × setup, for each metric: pairs are matched by (question,
 * seed) — or by question when `analysis.pairing` is `question` — and only
 * pairs where both protocols have a value count. p-values are then adjusted
 * with Holm's method across all comparisons of the same metric and test in
 * the study (each metric is its own family).
 */
export function comparisonTable(data: StudyData): ComparisonTable {
  const { analysis, comparisons } = data.config.file;
  const metrics = comparisons.metrics ?? [...STUDY_METRICS];
  const rows: ComparisonRow[] = [];
  const notCompared: ComparisonTable['notCompared'] = [];
  for (const metric of metrics) {
    const available = data.cells.some((cell) => cell.observations.some((observation) => observation.values[metric] !== undefined));
    if (!available) {
      notCompared.push({ metric, reason: STUDY_METRIC_INFO[metric].source === 'audit' ? 'no audited values' : 'no unit has a value' });
      continue;
    }
    const family: ComparisonRow[] = [];
    for (const { treatment, control } of studyComparisons(data.config)) {
      for (const dataset of data.config.datasets) {
        for (const setup of data.config.setups) {
          const find = (protocol: string) => data.cells.find((cell) => cell.cell.protocol === protocol && cell.cell.dataset === dataset.label && cell.cell.setup === setup.label)!;
          family.push(compareCells(metric, find(treatment), find(control), analysis));
        }
      }
    }
    adjust(family);
    rows.push(...family);
  }
  return { rows, notCompared };
}

function compareCells(metric: StudyMetric, treatment: CellData, control: CellData, analysis: StudyData['config']['file']['analysis']): ComparisonRow {
  const { a, b } = pairValues(metric, treatment, control, analysis.pairing);
  const binary = STUDY_METRIC_INFO[metric].binary && analysis.pairing === 'question-seed';
  const result = comparePaired(a, b, { binary, bootstrap: analysis.bootstrap });
  const notes: string[] = [];
  if (result.n === 0) notes.push('no pairs with a value under both protocols');
  if ('undefined' in result.tTest && result.n > 0) notes.push(`t test: ${result.tTest.undefined}`);
  if ('undefined' in result.wilcoxon && result.n > 0) notes.push(`Wilcoxon: ${result.wilcoxon.undefined}`);
  const t = 'undefined' in result.tTest ? null : result.tTest;
  const w = 'undefined' in result.wilcoxon ? null : result.wilcoxon;
  return {
    metric,
    treatment: treatment.cell.protocol,
    control: control.cell.protocol,
    dataset: treatment.cell.dataset,
    setup: treatment.cell.setup,
    pairing: analysis.pairing,
    n: result.n,
    meanTreatment: result.meanA,
    meanControl: result.meanB,
    meanDifference: result.meanDifference,
    ciLow: result.ci?.low ?? null,
    ciHigh: result.ci?.high ?? null,
    t: t?.t ?? null,
    df: t?.df ?? null,
    pT: pValueOf(result.tTest),
    pTHolm: null,
    wilcoxonV: w?.v ?? null,
    wilcoxonMethod: w?.method ?? null,
    zeros: a.filter((value, index) => value === b[index]).length,
    pWilcoxon: pValueOf(result.wilcoxon),
    pWilcoxonHolm: null,
    dz: result.dz,
    dav: result.dav,
    mcnemar: result.mcnemar === null ? null : { ...result.mcnemar, pHolm: null },
    notes,
  };
}

/** Values of both cells on the pairs where both have one, in a stable order. */
function pairValues(metric: StudyMetric, treatment: CellData, control: CellData, pairing: 'question-seed' | 'question'): { a: number[]; b: number[] } {
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

function adjust(family: ComparisonRow[]): void {
  holmAdjust(family.map((row) => row.pT)).forEach((p, index) => (family[index]!.pTHolm = p));
  holmAdjust(family.map((row) => row.pWilcoxon)).forEach((p, index) => (family[index]!.pWilcoxonHolm = p));
  holmAdjust(family.map((row) => row.mcnemar?.p ?? null)).forEach((p, index) => {
    const mcnemar = family[index]!.mcnemar;
    if (mcnemar !== null) mcnemar.pHolm = p;
  });
}
