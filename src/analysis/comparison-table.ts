import { isNliDependent, NOT_STARRED_NOTE } from '../metrics/nli-dependent-figures.js';
import { adjustPValues, type Correction } from './adjust-p-values.js';
import type { Alternative } from './alternative.js';
import type { CellData, StudyData } from '../study/collect-study-data.js';
import type { McNemarMethod } from './mcnemar-test.js';
import { clampMetric, clampMetricDifference } from './metric-bounds.js';
import { needsText } from '../metrics/metric-registry.js';
import { comparePaired, pValueOf } from './paired-comparison.js';
import { findCell, pairValues } from './pair-values.js';
import { comparisonSettings, studyComparisons } from './study-comparisons.js';
import { studyMetricInfo, studyMetricKeys, type StudyMetric } from './study-metrics.js';

/** One metric compared between two protocols within one dataset and setup. */
export interface ComparisonRow {
  metric: StudyMetric;
  treatment: string;
  control: string;
  dataset: string;
  setup: string;
  /** What a pair is: one (question, seed), or one question with seeds averaged. */
  pairing: 'question-seed' | 'question';
  /** The alternative of every test of the row, about treatment − control. */
  alternative: Alternative;
  /** The correction of the `…Adjusted` p-values (within this metric, across the study's comparisons). */
  correction: Correction;
  n: number;
  /** Pairs of finished units left out because the metric is n/a under the treatment, the control, or both (never counted as 0). */
  excluded: { treatment: number; control: number; both: number };
  meanTreatment: number | null;
  meanControl: number | null;
  /** Mean of treatment − control, with its two-sided percentile bootstrap CI. */
  meanDifference: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  t: number | null;
  df: number | null;
  pT: number | null;
  pTAdjusted: number | null;
  wilcoxonV: number | null;
  wilcoxonMethod: 'exact' | 'normal' | null;
  /** Pairs with a zero difference, within the tie tolerance (dropped by the Wilcoxon test). */
  zeros: number;
  pWilcoxon: number | null;
  pWilcoxonAdjusted: number | null;
  dz: number | null;
  dav: number | null;
  /** Binary metrics (accuracy, agreement) with per-unit pairing. */
  mcnemar: { b: number; c: number; method: McNemarMethod; statistic: number | null; p: number; pAdjusted: number | null } | null;
  /**
   * The metric reads the contradiction flags of a fallback NLI in either
   * protocol's audit: the row is never starred as significant (its notes
   * say so), whatever its p-values.
   */
  fallbackNli: boolean;
  /** Why a statistic is missing (undefined tests, no pairs), and rows not starred. */
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
 * with `comparisons.correction` (Holm unless Bonferroni is asked for)
 * across all comparisons of the same metric and test in the study (each
 * metric is its own family). Without `comparisons.metrics`, every
 * registered metric with a value in some cell is compared.
 */
export function comparisonTable(data: StudyData): ComparisonTable {
  const { analysis, comparisons } = data.config.file;
  const { correction } = comparisonSettings(data.config.file);
  const metrics = comparisons.metrics ?? studyMetricKeys();
  const rows: ComparisonRow[] = [];
  const notCompared: ComparisonTable['notCompared'] = [];
  for (const metric of metrics) {
    const available = data.cells.some((cell) => cell.observations.some((observation) => observation.values[metric] !== undefined));
    if (!available) {
      // by default, a metric that does not apply to any unit (agreement of single-agent protocols, faithfulness without a log) is simply not a comparison
      if (comparisons.metrics !== undefined || worthNaming(data, metric)) notCompared.push({ metric, reason: notComparedReason(data, metric) });
      continue;
    }
    const family: ComparisonRow[] = [];
    for (const { treatment, control, alternative } of studyComparisons(data.config)) {
      for (const dataset of data.config.datasets) {
        for (const setup of data.config.setups) {
          family.push(compareCells(metric, findCell(data, treatment, dataset.label, setup.label), findCell(data, control, dataset.label, setup.label), analysis, alternative, correction));
        }
      }
    }
    adjust(family, correction);
    rows.push(...family);
  }
  return { rows, notCompared };
}

function compareCells(metric: StudyMetric, treatment: CellData, control: CellData, analysis: StudyData['config']['file']['analysis'], alternative: Alternative, correction: Correction): ComparisonRow {
  const { a, b, excluded } = pairValues(metric, treatment, control, analysis.pairing);
  const binary = studyMetricInfo(metric).binary && analysis.pairing === 'question-seed';
  const result = comparePaired(a, b, { binary, bootstrap: analysis.bootstrap, alternative });
  const notes: string[] = [];
  if (result.n === 0) notes.push('no pairs with a value under both protocols');
  const left = excluded.treatment + excluded.control + excluded.both;
  if (left > 0) notes.push(excludedNote(excluded, treatment.cell.protocol, control.cell.protocol, metric, [treatment, control]));
  if ('undefined' in result.tTest && result.n > 0) notes.push(`t test: ${result.tTest.undefined}`);
  if ('undefined' in result.wilcoxon && result.n > 0) notes.push(`Wilcoxon: ${result.wilcoxon.undefined}`);
  const fallbackNli = usesFallbackNli(metric, treatment, control);
  if (fallbackNli) notes.push(NOT_STARRED_NOTE);
  const t = 'undefined' in result.tTest ? null : result.tTest;
  const w = 'undefined' in result.wilcoxon ? null : result.wilcoxon;
  return {
    metric,
    treatment: treatment.cell.protocol,
    control: control.cell.protocol,
    dataset: treatment.cell.dataset,
    setup: treatment.cell.setup,
    pairing: analysis.pairing,
    alternative,
    correction,
    n: result.n,
    excluded,
    meanTreatment: clampMetric(metric, result.meanA),
    meanControl: clampMetric(metric, result.meanB),
    meanDifference: clampMetricDifference(metric, result.meanDifference),
    ciLow: clampMetricDifference(metric, result.ci?.low ?? null),
    ciHigh: clampMetricDifference(metric, result.ci?.high ?? null),
    t: t?.t ?? null,
    df: t?.df ?? null,
    pT: pValueOf(result.tTest),
    pTAdjusted: null,
    wilcoxonV: w?.v ?? null,
    wilcoxonMethod: w?.method ?? null,
    zeros: result.zeros,
    pWilcoxon: pValueOf(result.wilcoxon),
    pWilcoxonAdjusted: null,
    dz: result.dz,
    dav: result.dav,
    mcnemar: result.mcnemar === null ? null : { b: result.mcnemar.b, c: result.mcnemar.c, method: result.mcnemar.method, statistic: result.mcnemar.statistic, p: result.mcnemar.p, pAdjusted: null },
    fallbackNli,
    notes,
  };
}

/** "k pairs excluded: n/a under …" with the reason the metric gives (its unmet needs). */
function excludedNote(excluded: ComparisonRow['excluded'], treatment: string, control: string, metric: StudyMetric, cells: readonly CellData[]): string {
  const parts = [
    excluded.treatment > 0 ? `${excluded.treatment} n/a under ${treatment}` : '',
    excluded.control > 0 ? `${excluded.control} n/a under ${control}` : '',
    excluded.both > 0 ? `${excluded.both} n/a under both` : '',
  ].filter((part) => part !== '');
  const total = excluded.treatment + excluded.control + excluded.both;
  const why = unmetReasons(metric, cells);
  return `${total} pair${total === 1 ? '' : 's'} excluded (${parts.join(', ')})${why === '' ? '' : `: ${why}`}`;
}

/** The needs of a metric the cells' units do not meet, in words ("fewer than two answering agents"). */
function unmetReasons(metric: StudyMetric, cells: readonly CellData[]): string {
  const needs = new Set(cells.flatMap((cell) => cell.observations.flatMap((observation) => observation.unmet?.[metric] ?? [])));
  return needsText([...needs]);
}

// A metric missing for want of an audit, or applicable but without a value, is named in "Not compared".
function worthNaming(data: StudyData, metric: StudyMetric): boolean {
  const observations = data.cells.flatMap((cell) => cell.observations);
  return observations.some((observation) => {
    const unmet = observation.unmet?.[metric];
    return unmet === undefined || unmet.length === 0 || unmet.every((need) => need === 'audit' || need === 'cara-eligible');
  });
}

/** Why no comparison of a metric was made: what its units lacked, or that none had a value. */
function notComparedReason(data: StudyData, metric: StudyMetric): string {
  const why = unmetReasons(metric, data.cells);
  return why === '' ? 'no unit has a value' : `n/a for every unit: ${why}`;
}

/** Whether a metric of two cells reads a fallback NLI's contradiction flags (in either cell's audit). */
export function usesFallbackNli(metric: StudyMetric, ...cells: readonly CellData[]): boolean {
  return isNliDependent(metric) && cells.some((cell) => cell.audit?.audit.settings.fallback.nli === true);
}

function adjust(family: ComparisonRow[], correction: Correction): void {
  adjustPValues(family.map((row) => row.pT), correction).forEach((p, index) => (family[index]!.pTAdjusted = p));
  adjustPValues(family.map((row) => row.pWilcoxon), correction).forEach((p, index) => (family[index]!.pWilcoxonAdjusted = p));
  adjustPValues(family.map((row) => row.mcnemar?.p ?? null), correction).forEach((p, index) => {
    const mcnemar = family[index]!.mcnemar;
    if (mcnemar !== null) mcnemar.pAdjusted = p;
  });
}
