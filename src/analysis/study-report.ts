import { stringify } from 'yaml';
import type { StudyRecord } from '../spec/store.js';
import { accuracyCostChart } from './charts/accuracy-cost-chart.js';
import { cfByRoundChart } from './charts/cf-by-round-chart.js';
import type { ChartDefinition } from './charts/chart-data.js';
import { consistencyQuadrantChart } from './charts/consistency-quadrant-chart.js';
import { failureModeChart } from './charts/failure-mode-chart.js';
import { renderChart } from './charts/render-chart.js';
import type { StudyData } from '../study/collect-study-data.js';
import type { Correction } from './adjust-p-values.js';
import type { Alternative } from './alternative.js';
import { comparisonTable, type ComparisonRow } from './comparison-table.js';
import { comparisonSettings } from './study-comparisons.js';
import { hypothesisReportTable } from './hypothesis-report-table.js';
import { hypothesisResults, type HypothesisResult } from './hypothesis-results.js';
import { protocolTable, type ProtocolRow } from './protocol-table.js';
import type { ReportTable } from './report-table.js';
import { studyMetricInfo, type StudyMetric } from './study-metrics.js';
import { auditTable, cfByRoundTable, comparisonReportTable, failureModeTable, protocolTables } from './study-tables.js';
import type { StudyConfig } from '../study/study-config.js';

/** A chart with its rendered SVG (null when it could not be drawn, with the reason). */
export interface RenderedChart extends ChartDefinition {
  svg: string | null;
}

/** Everything a study report shows; `--json` prints it (without SVG text). */
export interface StudyReport {
  study: { id: string; name: string; description: string | null; status: string; note: string | null; createdAt: string; updatedAt: string; source: string };
  settings: {
    seeds: number[];
    analysis: StudyConfig['file']['analysis'];
    /** The per-metric comparison families' default alternative and correction. */
    comparisons: { alternative: Alternative; correction: Correction };
    families: StudyConfig['file']['families'];
    audit: StudyConfig['file']['audit'];
    budget: StudyConfig['file']['budget'];
  };
  protocols: ProtocolRow[];
  comparisons: ComparisonRow[];
  /** The declared hypotheses (study.yaml `hypotheses`), tested and corrected within their families; empty when none are declared. */
  hypotheses: HypothesisResult[];
  notCompared: Array<{ metric: StudyMetric; reason: string }>;
  tables: ReportTable[];
  charts: RenderedChart[];
  /** Problems a reader must know about (missing runs, fallback audit models, audits with other settings). */
  warnings: string[];
  /** The resolved configuration, as YAML. */
  configuration: string;
}

/**
 * The report of study data read from the store (`buildStudyReport` in
 * study/ reads it; the viewer keeps the data for its paired-differences
 * view): per-protocol estimates, paired comparisons with Holm- or
 * Bonferroni-adjusted p-values, the declared hypotheses with their
 * families' corrections, every table (Markdown, HTML and CSV share one
 * definition) and the four charts rendered to SVG.
 */
export async function studyReportOf(data: StudyData): Promise<StudyReport> {
  const { config, study } = data;
  const rows = protocolTable(data);
  const comparisons = comparisonTable(data);
  const hypotheses = hypothesisResults(data);
  const multiDataset = config.datasets.length > 1;
  const multiSetup = config.setups.length > 1;
  const tables = [
    ...protocolTables(rows, multiDataset, multiSetup),
    comparisonReportTable(comparisons.rows, config.file.analysis.alpha, multiDataset, multiSetup),
    ...(hypotheses.length === 0 ? [] : [hypothesisReportTable(hypotheses, multiDataset, multiSetup)]),
    auditTable(rows, multiDataset, multiSetup),
    failureModeTable(rows, multiDataset, multiSetup),
    cfByRoundTable(rows, multiDataset, multiSetup),
  ];
  const definitions = [accuracyCostChart(rows), consistencyQuadrantChart(rows), cfByRoundChart(rows), failureModeChart(rows)];
  const charts: RenderedChart[] = [];
  for (const definition of definitions) charts.push({ ...definition, svg: definition.spec === null ? null : await renderChart(definition.spec) });
  return {
    study: {
      id: study.id,
      name: study.name,
      description: config.description ?? null,
      status: study.status,
      note: study.note,
      createdAt: study.createdAt,
      updatedAt: study.updatedAt,
      source: config.source,
    },
    settings: { seeds: config.seeds, analysis: config.file.analysis, comparisons: comparisonSettings(config.file), families: config.file.families ?? [], audit: config.file.audit, budget: config.file.budget },
    protocols: rows,
    comparisons: comparisons.rows,
    hypotheses,
    notCompared: comparisons.notCompared,
    tables,
    charts,
    warnings: [...reportWarnings(rows, study), ...boundWarnings(data), ...inputWarnings(data)],
    configuration: stringify({ ...config.file, resolved: { datasets: config.datasets.map(({ questionIds, ...dataset }) => ({ ...dataset, questions: questionIds.length })), setups: config.setups, cells: config.cells.length } }),
  };
}

function reportWarnings(rows: readonly ProtocolRow[], study: StudyRecord): string[] {
  const warnings: string[] = [];
  if (study.status !== 'done') warnings.push(`the study is ${study.status}${study.note === null ? '' : ` (${study.note})`}: figures cover the units finished so far`);
  const missing = rows.filter((row) => row.runId === null).map((row) => row.label);
  if (missing.length > 0) warnings.push(`not started: ${missing.join(', ')}`);
  const fallback = [...new Set(rows.flatMap((row) => (row.audit?.fallbackNote === null || row.audit === null ? [] : [row.audit.fallbackNote])))];
  for (const note of fallback) warnings.push(`CARA figures use ${note}`);
  const fallbackNli = [...new Set(rows.flatMap((row) => (row.audit?.fallbackNli === true ? [row.audit.nli] : [])))];
  if (fallbackNli.length > 0) {
    warnings.push(`CARA-HYB, CR, CARA-GT and the failure modes read the contradiction flags of a fallback NLI (${fallbackNli.join(', ')}): they carry its label and are never starred as significant`);
  }
  const other = rows.filter((row) => row.audit !== null && !row.audit.matchesStudy).map((row) => row.label);
  if (other.length > 0) warnings.push(`no audit with the study's settings for ${other.join(', ')}: their CARA figures come from another audit (see the audit table)`);
  const unaudited = rows.filter((row) => row.runId !== null && row.audit === null).map((row) => row.label);
  if (unaudited.length > 0) warnings.push(`not audited: ${unaudited.join(', ')} (CARA figures n/a)`);
  return warnings;
}

/** Inputs a metric needed that could not be read (its values are n/a for that cell). */
function inputWarnings(data: StudyData): string[] {
  return data.cells.flatMap((cell) => (cell.inputsNote === undefined ? [] : [`${cell.label}: ${cell.inputsNote} (verifier detection n/a)`]));
}

/** Values that lay beyond their metric's bounds by more than rounding noise: clamped, but a sign of a metric computed wrongly. */
function boundWarnings(data: StudyData): string[] {
  const warnings: string[] = [];
  for (const cell of data.cells) {
    const counts = new Map<StudyMetric, number>();
    for (const observation of cell.observations) for (const metric of observation.outOfBounds ?? []) counts.set(metric, (counts.get(metric) ?? 0) + 1);
    for (const [metric, count] of counts) {
      const [low, high] = studyMetricInfo(metric).bounds;
      warnings.push(`${cell.label}: ${count} unit${count === 1 ? '' : 's'} had ${studyMetricInfo(metric).label} outside [${low}, ${high}] by more than rounding; clamped to the bound (the metric is computed wrongly upstream)`);
    }
  }
  return warnings;
}

/** The report as JSON data: everything but the SVG text (charts keep their specs). */
export function reportJson(report: StudyReport): Record<string, unknown> {
  return { ...report, tables: report.tables.map(({ id, title, csvHeaders }) => ({ id, title, columns: csvHeaders })), charts: report.charts.map(({ svg, ...chart }) => ({ ...chart, drawn: svg !== null })) };
}
