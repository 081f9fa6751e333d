import { CORRECTION_LABEL } from './adjust-p-values.js';
import { alternativeSymbol } from './alternative.js';
import { formatNumber, formatP, MISSING } from './format-number.js';
import type { HypothesisResult } from './hypothesis-results.js';
import { HYPOTHESIS_TEST_LABEL } from './hypothesis-test.js';
import { reportTable, type ReportTable } from './report-table.js';
import { studyMetricInfo } from './study-metrics.js';

/** The test statistic of a hypothesis as text: `t = 2.35 (11)`, `V = 40 (exact)`, `b/c = 4/0 (exact)`. */
function statisticText(result: HypothesisResult['result']): string {
  if ('undefined' in result) return MISSING;
  if ('t' in result) return `t = ${formatNumber(result.t, 2)} (${result.df})`;
  if ('v' in result) return `V = ${result.v} (${result.method})`;
  return `b/c = ${result.b}/${result.c} (${result.method === 'exact' ? 'exact' : 'χ²'})`;
}

/** The declared hypotheses: one row per hypothesis × dataset × setup, with the family's correction and the decision. */
export function hypothesisReportTable(results: readonly HypothesisResult[], multiDataset: boolean, multiSetup: boolean): ReportTable {
  const digits = (row: HypothesisResult) => studyMetricInfo(row.metric).digits;
  return reportTable(
    'hypotheses',
    'Declared hypotheses',
    [
      { header: 'hypothesis', text: (row) => row.id, csv: [{ name: 'id', value: (row) => row.id }, { name: 'description', value: (row) => row.description }] },
      {
        header: 'claim',
        text: (row) => `${row.treatment} ${alternativeSymbol(row.alternative)} ${row.control} on ${studyMetricInfo(row.metric).label}`,
        csv: [{ name: 'metric', value: (row) => row.metric }, { name: 'treatment', value: (row) => row.treatment }, { name: 'control', value: (row) => row.control }, { name: 'alternative', value: (row) => row.alternative }],
      },
      ...(multiDataset ? [{ header: 'dataset', text: (row: HypothesisResult) => row.dataset }] : []),
      ...(multiSetup ? [{ header: 'setup', text: (row: HypothesisResult) => row.setup }] : []),
      { header: 'n pairs', text: (row) => String(row.n), csv: [{ name: 'n', value: (row) => row.n }] },
      {
        header: 'Δ [95% CI]',
        text: (row) => (row.meanDifference === null ? MISSING : `${formatNumber(row.meanDifference, digits(row))} [${formatNumber(row.ciLow, digits(row))}, ${formatNumber(row.ciHigh, digits(row))}]`),
        csv: [{ name: 'mean_difference', value: (row) => row.meanDifference }, { name: 'ci_low', value: (row) => row.ciLow }, { name: 'ci_high', value: (row) => row.ciHigh }],
      },
      {
        header: 'test',
        text: (row) => `${HYPOTHESIS_TEST_LABEL[row.test]}, ${statisticText(row.result)}`,
        csv: [{ name: 'test', value: (row) => row.test }, { name: 'statistic', value: (row) => statisticText(row.result) }],
      },
      { header: 'p', text: (row) => formatP(row.p), csv: [{ name: 'p', value: (row) => row.p }] },
      {
        header: 'family (correction, m)',
        text: (row) => (row.family === null ? 'none' : `${row.family} (${CORRECTION_LABEL[row.correction!]}, ${row.familySize})`),
        csv: [{ name: 'family', value: (row) => row.family }, { name: 'correction', value: (row) => row.correction }, { name: 'family_size', value: (row) => row.familySize }],
      },
      { header: 'p adjusted', text: (row) => formatP(row.pAdjusted), csv: [{ name: 'p_adjusted', value: (row) => row.pAdjusted }] },
      {
        header: 'decision',
        text: (row) => (row.pAdjusted === null ? 'not tested' : row.fallbackNli ? 'no decision: fallback NLI' : row.rejected ? `H0 rejected at α = ${row.alpha}` : `H0 kept at α = ${row.alpha}`),
        csv: [{ name: 'alpha', value: (row) => row.alpha }, { name: 'rejected', value: (row) => row.rejected }],
      },
      { header: 'notes', text: (row) => row.notes.join('; '), csv: [{ name: 'notes', value: (row) => row.notes.join('; ') }] },
    ],
    results,
    'Hypotheses declared in the study file, each tested with its one test and alternative on treatment − control. p-values are adjusted within each family over all its tests (m); an untested member still counts in m. The CI is two-sided whatever the alternative.',
  );
}
