import { NOT_STARRED_NOTE } from '../metrics/nli-dependent-figures.js';
import type { StudyFile } from '../study/study-schema.js';
import { adjustPValues, type Correction } from './adjust-p-values.js';
import type { Alternative } from './alternative.js';
import type { StudyData } from '../study/collect-study-data.js';
import { defaultHypothesisTest, HYPOTHESIS_TEST_LABEL, type HypothesisTest } from './hypothesis-test.js';
import type { McNemarResult } from './mcnemar-test.js';
import { clampMetricDifference } from './metric-bounds.js';
import { comparePaired, type PairedComparison } from './paired-comparison.js';
import type { TTestResult, UndefinedTest } from './paired-t-test.js';
import { usesFallbackNli } from './comparison-table.js';
import { findCell, pairValues } from './pair-values.js';
import { studyMetricInfo, type StudyMetric } from './study-metrics.js';
import type { WilcoxonResult } from './wilcoxon-signed-rank.js';

/** One declared hypothesis tested in one dataset × setup. */
export interface HypothesisResult {
  id: string;
  description: string | null;
  metric: StudyMetric;
  treatment: string;
  control: string;
  dataset: string;
  setup: string;
  alternative: Alternative;
  test: HypothesisTest;
  /** The family it was corrected in; null for a hypothesis in no family (its p is not adjusted). */
  family: string | null;
  correction: Correction | null;
  /** Tests in the family (every member × dataset × setup), undefined ones included. */
  familySize: number;
  /** The family-wise error rate its decision is made at. */
  alpha: number;
  n: number;
  /** Mean of treatment − control with its two-sided percentile bootstrap CI. */
  meanDifference: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  /** The chosen test's result (t and df; V and method; b, c and method), or why it is undefined. */
  result: TTestResult | WilcoxonResult | McNemarResult | UndefinedTest;
  p: number | null;
  /** Adjusted within the family (the raw p outside any family); null when the test is undefined. */
  pAdjusted: number | null;
  /** H0 rejected: the adjusted p is below α. False when the test is undefined, and on `fallbackNli` rows. */
  rejected: boolean;
  /** The metric reads a fallback NLI's contradiction flags in either protocol's audit: no decision is made (notes say "not starred: fallback NLI"). */
  fallbackNli: boolean;
  notes: string[];
}

/**
 * Tests the study's declared hypotheses (`hypotheses` and `families` in
 * study.yaml). Each hypothesis is tested once per dataset × setup it covers
 * with its one named test and alternative, on the same pairs and the same
 * paired differences as the comparison table. p-values are then adjusted
 * within each family — Bonferroni or Holm over every test of every member —
 * and compared with the family's α. A test that turns out undefined (no
 * pairs, all differences zero) still counts in its family's size, as if its
 * p were 1: a declared family is not shrunk after the fact.
 */
export function hypothesisResults(data: StudyData): HypothesisResult[] {
  const file = data.config.file;
  // Studies stored before hypotheses existed have neither list.
  const hypotheses: StudyFile['hypotheses'] = file.hypotheses ?? [];
  const families: StudyFile['families'] = file.families ?? [];
  const familyOf = new Map(families.flatMap((family) => family.members.map((member) => [member, family] as const)));
  const results: HypothesisResult[] = [];
  for (const hypothesis of hypotheses) {
    const family = familyOf.get(hypothesis.id);
    const alternative = hypothesis.alternative ?? family?.alternative ?? 'two-sided';
    const test = hypothesis.test ?? defaultHypothesisTest(hypothesis.metric, file.analysis.pairing);
    const datasets = hypothesis.dataset === undefined ? data.config.datasets.map((dataset) => dataset.label) : [hypothesis.dataset];
    const setups = hypothesis.setup === undefined ? data.config.setups.map((setup) => setup.label) : [hypothesis.setup];
    for (const dataset of datasets) {
      for (const setup of setups) {
        const treatmentCell = findCell(data, hypothesis.treatment, dataset, setup);
        const controlCell = findCell(data, hypothesis.control, dataset, setup);
        const { a, b } = pairValues(hypothesis.metric, treatmentCell, controlCell, file.analysis.pairing);
        const fallbackNli = usesFallbackNli(hypothesis.metric, treatmentCell, controlCell);
        const comparison = comparePaired(a, b, { binary: test === 'mcnemar', bootstrap: file.analysis.bootstrap, alternative });
        const result = chosenResult(comparison, test);
        const p = 'undefined' in result ? null : result.p;
        results.push({
          id: hypothesis.id,
          description: hypothesis.description ?? null,
          metric: hypothesis.metric,
          treatment: hypothesis.treatment,
          control: hypothesis.control,
          dataset,
          setup,
          alternative,
          test,
          family: family?.name ?? null,
          correction: family?.correction ?? null,
          familySize: 1,
          alpha: family?.alpha ?? file.analysis.alpha,
          n: comparison.n,
          meanDifference: clampMetricDifference(hypothesis.metric, comparison.meanDifference),
          ciLow: clampMetricDifference(hypothesis.metric, comparison.ci?.low ?? null),
          ciHigh: clampMetricDifference(hypothesis.metric, comparison.ci?.high ?? null),
          result,
          p,
          pAdjusted: p,
          rejected: false,
          fallbackNli,
          notes: (fallbackNli ? [NOT_STARRED_NOTE] : []).concat(comparison.n === 0 ? [`no pairs with a ${studyMetricInfo(hypothesis.metric).label} value under both protocols`] : 'undefined' in result ? [`${HYPOTHESIS_TEST_LABEL[test]}: ${result.undefined}`] : []),
        });
      }
    }
  }
  for (const family of families) {
    const members = results.filter((result) => result.family === family.name);
    adjustPValues(
      members.map((member) => member.p),
      family.correction,
      members.length,
    ).forEach((p, index) => {
      members[index]!.pAdjusted = p;
      members[index]!.familySize = members.length;
    });
  }
  // Adjusted as usual (the family keeps its size), but a fallback NLI's figure is never declared significant.
  for (const result of results) result.rejected = !result.fallbackNli && result.pAdjusted !== null && result.pAdjusted < result.alpha;
  return results;
}

function chosenResult(comparison: PairedComparison, test: HypothesisTest): HypothesisResult['result'] {
  // McNemar without pairs would say p = 1 (no discordant pair); a hypothesis without data is untested, not retained.
  if (comparison.n === 0) return { undefined: 'no pairs' };
  if (test === 't') return comparison.tTest;
  if (test === 'wilcoxon') return comparison.wilcoxon;
  return comparison.mcnemar ?? { undefined: 'no pairs' };
}
