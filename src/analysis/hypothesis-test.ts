import { studyMetricInfo, type StudyMetric } from './study-metrics.js';

/** The paired tests a declared hypothesis can name: paired t, Wilcoxon signed-rank, McNemar (0/1 metrics). */
export const HYPOTHESIS_TESTS = ['t', 'wilcoxon', 'mcnemar'] as const;
export type HypothesisTest = (typeof HYPOTHESIS_TESTS)[number];

/** How a test is named in tables. */
export const HYPOTHESIS_TEST_LABEL: Readonly<Record<HypothesisTest, string>> = { t: 'paired t', wilcoxon: 'Wilcoxon', mcnemar: 'McNemar' };

/**
 * The test of a hypothesis that names none — what docs/studies.md ("Which to
 * read") recommends: McNemar for 0/1 metrics paired per unit (accuracy,
 * agreement), the Wilcoxon signed-rank test for everything else (bounded,
 * skewed or heavy-tailed metrics, where normality is doubtful).
 */
export function defaultHypothesisTest(metric: StudyMetric, pairing: 'question-seed' | 'question'): HypothesisTest {
  return studyMetricInfo(metric).binary && pairing === 'question-seed' ? 'mcnemar' : 'wilcoxon';
}
