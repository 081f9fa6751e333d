import { FALLBACK_NLI_LABEL, isNliDependent, NOT_STARRED_NOTE } from '../metrics/nli-dependent-figures.js';
import { FAILURE_MODES } from '../spec/audit-result.js';
import { CORRECTION_LABEL } from './adjust-p-values.js';
import { alternativeSymbol } from './alternative.js';
import type { ComparisonRow } from './comparison-table.js';
import { TIE_TOLERANCE } from './paired-differences.js';
import { formatEstimate, formatNumber, formatP, MISSING } from './format-number.js';
import { NO_ESTIMATE } from './estimates.js';
import type { ProtocolRow } from './protocol-table.js';
import { reportTable, type ReportColumn, type ReportTable } from './report-table.js';
import { studyMetricInfo, studyMetricKeys, type StudyMetric } from './study-metrics.js';

/** One per-protocol table: its metrics, and whether it is shown only when one of them has a value. */
export interface ProtocolTableGroup {
  id: string;
  title: string;
  metrics: StudyMetric[];
  caption: string;
  /** Shown only when some row has a value of one of its metrics (table-QA, scorer and plugin metrics). */
  whenApplicable?: boolean;
}

/** The per-protocol metrics, grouped into the tables a report shows (one CSV each); metrics in no group go to "Other metrics". */
export const PROTOCOL_TABLE_GROUPS: readonly ProtocolTableGroup[] = [
  { id: 'protocols-outcomes', title: 'Answers', metrics: ['accuracy', 'agreement', 'abs_error'], caption: 'Mean over questions (seeds averaged per question first) with 95 % percentile bootstrap CIs over questions.' },
  { id: 'protocols-alignment', title: 'Reasoning alignment (audit)', metrics: ['cara_hyb', 'sim', 'cr', 'cara_gt'], caption: 'From the stored audit of each run (models and τ in the audit table); CIs are the audit’s own bootstrap.' },
  { id: 'protocols-dynamics', title: 'Protocol dynamics', metrics: ['prr', 'ad', 'cf'], caption: 'PRR and AD over interaction rounds, CF over numeric forecasts (docs/dynamics.md); n/a where a metric does not apply.' },
  { id: 'protocols-cost', title: 'Cost', metrics: ['tokens', 'cost_usd', 'latency_ms'], caption: 'Per unit (one question and seed, all agents and rounds); cost is n/a when a backend has no price.' },
  {
    id: 'protocols-table-qa',
    title: 'Table and free-form answers',
    metrics: ['em', 'numeric_match', 'f1', 'rouge_l', 'faithfulness', 'verifier_detection', 'flags'],
    caption: 'docs/dealog.md, "Metrics": n/a for multiple-choice answers; faithfulness, FLAGs and verifier detection need a shared log (DeALOG, planner, plan→log).',
    whenApplicable: true,
  },
  {
    id: 'protocols-scorer',
    title: "Dataset scorers' own metrics",
    metrics: [],
    caption: "Per-answer metrics of each dataset's official scorer (docs/metrics.md, \"Answer scorers\"); corpus-level ones (sacreBLEU, macro-F1) are per run only.",
    whenApplicable: true,
  },
];

/** The groups with their metrics filled in: the scorers' metrics, and plugin metrics in "Other metrics". */
function tableGroups(): ProtocolTableGroup[] {
  const keys = studyMetricKeys();
  const grouped = new Set(PROTOCOL_TABLE_GROUPS.flatMap((group) => group.metrics));
  // failure-mode shares have their own table of counts; latency has its own table with medians
  for (const key of ['fm1', 'fm2', 'fm3', 'fm4', 'fm5', 'fm6', 'wall_ms', 'unparsed', 'calls', 'rounds']) grouped.add(key);
  const scorer = keys.filter((key) => key.startsWith('scorer_'));
  const other = keys.filter((key) => !grouped.has(key) && !key.startsWith('scorer_'));
  return [
    ...PROTOCOL_TABLE_GROUPS.map((group) => (group.id === 'protocols-scorer' ? { ...group, metrics: scorer } : group)),
    { id: 'protocols-other', title: 'Other metrics', metrics: ['unparsed', 'calls', 'rounds', ...other], caption: 'Unparsed final answers, model calls and rounds per unit, and metrics registered by plugins.', whenApplicable: true },
  ];
}

function identityColumns(multiDataset: boolean, multiSetup: boolean): Array<ReportColumn<ProtocolRow>> {
  return [
    { header: 'protocol', text: (row) => row.protocol },
    ...(multiDataset ? [{ header: 'dataset', text: (row: ProtocolRow) => row.dataset }] : []),
    ...(multiSetup ? [{ header: 'setup', text: (row: ProtocolRow) => row.setup }] : []),
  ];
}

/** The per-protocol tables (see `PROTOCOL_TABLE_GROUPS`) plus the run table. */
export function protocolTables(rows: readonly ProtocolRow[], multiDataset: boolean, multiSetup: boolean): ReportTable[] {
  const identity = identityColumns(multiDataset, multiSetup);
  const runs = reportTable(
    'runs',
    'Runs',
    [
      ...identity,
      { header: 'run', text: (row) => row.runId ?? MISSING },
      { header: 'status', text: (row) => row.status },
      { header: 'units done / planned', text: (row) => `${row.done} / ${row.planned}`, csv: [{ name: 'done', value: (row) => row.done }, { name: 'planned', value: (row) => row.planned }] },
      { header: 'failed', text: (row) => String(row.failed) },
      { header: 'pending', text: (row) => String(row.pending) },
    ],
    rows,
  );
  const hasValue = (metric: StudyMetric): boolean => rows.some((row) => (row.estimates[metric] ?? NO_ESTIMATE).mean !== null);
  const shown = tableGroups()
    .map((group) => (group.whenApplicable === true ? { ...group, metrics: group.metrics.filter(hasValue) } : group))
    .filter((group) => group.metrics.length > 0);
  const groups = shown.map((group) =>
    reportTable(
      group.id,
      group.title,
      [
        ...identity,
        ...group.metrics.map(
          (metric): ReportColumn<ProtocolRow> => ({
            header: `${studyMetricInfo(metric).label} [95% CI] (n)`,
            text: (row) => {
              const estimate = row.estimates[metric] ?? NO_ESTIMATE;
              if (estimate.mean === null) return MISSING;
              const label = isNliDependent(metric) && row.audit?.fallbackNli === true ? ` (${FALLBACK_NLI_LABEL})` : '';
              return `${formatEstimate(estimate, studyMetricInfo(metric).digits)} (${estimate.n})${label}`;
            },
            csv: [
              { name: metric, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).mean },
              { name: `${metric}_low`, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).low },
              { name: `${metric}_high`, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).high },
              { name: `${metric}_n`, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).n },
            ],
          }),
        ),
      ],
      rows,
      group.caption,
    ),
  );
  return [runs, ...groups, latencyTable(rows, identity)];
}

/**
 * Per-question latency per protocol: mean [95 % CI] and median over
 * questions (seeds averaged per question first) of the summed model-call
 * time and of the wall time; paired differences are in the comparisons
 * (`latency_ms`, `wall_ms`).
 */
function latencyTable(rows: readonly ProtocolRow[], identity: Array<ReportColumn<ProtocolRow>>): ReportTable {
  const seconds = (value: number | null): string => (value === null ? MISSING : `${(value / 1000).toFixed(2)} s`);
  const columns = (metric: 'latency_ms' | 'wall_ms', name: string): Array<ReportColumn<ProtocolRow>> => [
    {
      header: `${name} mean [95% CI] (n)`,
      text: (row) => {
        const estimate = row.estimates[metric] ?? NO_ESTIMATE;
        return estimate.mean === null ? MISSING : `${seconds(estimate.mean)} [${seconds(estimate.low)}, ${seconds(estimate.high)}] (${estimate.n})`;
      },
      csv: [
        { name: `${metric}_mean`, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).mean },
        { name: `${metric}_low`, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).low },
        { name: `${metric}_high`, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).high },
        { name: `${metric}_n`, value: (row) => (row.estimates[metric] ?? NO_ESTIMATE).n },
      ],
    },
    { header: `${name} median`, text: (row) => seconds(row.medians[metric] ?? null), csv: [{ name: `${metric}_median`, value: (row) => row.medians[metric] ?? null }] },
  ];
  return reportTable(
    'protocols-latency',
    'Latency per question',
    [...identity, ...columns('latency_ms', 'model time'), ...columns('wall_ms', 'wall time')],
    rows,
    'Model time sums every call of a question (all agents, rounds, judge and verifier); wall time runs from the first call’s start to the last call’s end, so parallel calls overlap. Paired differences: comparisons of latency_ms and wall_ms.',
  );
}

/** The audit behind each row's CARA numbers: models, τ, and whether they are fallbacks. */
export function auditTable(rows: readonly ProtocolRow[], multiDataset: boolean, multiSetup: boolean): ReportTable {
  return reportTable(
    'audits',
    'Audit models',
    [
      ...identityColumns(multiDataset, multiSetup),
      { header: 'audit', text: (row) => row.audit?.id ?? 'not audited' },
      { header: 'embedding', text: (row) => row.audit?.embed ?? MISSING },
      { header: 'NLI', text: (row) => row.audit?.nli ?? MISSING },
      { header: 'τ', text: (row) => (row.audit === null ? MISSING : String(row.audit.tau)), csv: [{ name: 'tau', value: (row) => row.audit?.tau ?? null }] },
      { header: 'models', text: (row) => (row.audit === null ? MISSING : row.audit.fallbackNote === null ? 'as configured' : `FALLBACK: ${row.audit.fallbackNote}`), csv: [{ name: 'fallback_note', value: (row) => row.audit?.fallbackNote ?? null }] },
      { header: 'study settings', text: (row) => (row.audit === null ? MISSING : row.audit.matchesStudy ? 'yes' : 'no: another audit is shown'), csv: [{ name: 'matches_study', value: (row) => row.audit?.matchesStudy ?? null }] },
    ],
    rows,
    'Every CARA number comes from the audit named here. Fallback models are not the seed paper’s setup (DeBERTa-v3 NLI + Stella embeddings).',
  );
}

/** Low-CARA units by failure mode, per row with an audit. */
export function failureModeTable(rows: readonly ProtocolRow[], multiDataset: boolean, multiSetup: boolean): ReportTable {
  return reportTable(
    'failure-modes',
    'Failure modes of low-CARA units',
    [
      ...identityColumns(multiDataset, multiSetup),
      ...FAILURE_MODES.map((mode): ReportColumn<ProtocolRow> => ({ header: mode, text: (row) => (row.failureModes === null ? MISSING : String(row.failureModes[mode])), csv: [{ name: mode, value: (row) => row.failureModes?.[mode] ?? null }] })),
      { header: 'NLI', text: (row) => (row.audit === null ? MISSING : row.audit.fallbackNli ? `${FALLBACK_NLI_LABEL}: ${row.audit.nli}` : row.audit.nli), csv: [{ name: 'fallback_nli', value: (row) => row.audit?.fallbackNli ?? null }] },
    ],
    rows,
    'FM1 complementary reasoning, FM2 contradictory rationale, FM3 vague smoothing, FM4 sycophantic convergence, FM5 answer without rationale, FM6 partial overlap (FM2, FM3, FM5 are quorum’s own definitions; docs/metrics.md). Low-CARA units are chosen by CARA-HYB, and FM1, FM2 and FM6 read the contradiction flags: with a fallback NLI these counts are the fallback’s.',
  );
}

/** CF per round, per row with numeric forecasts. */
export function cfByRoundTable(rows: readonly ProtocolRow[], multiDataset: boolean, multiSetup: boolean): ReportTable {
  const rounds = Math.max(0, ...rows.map((row) => row.cfByRound?.length ?? 0));
  return reportTable(
    'cf-by-round',
    'Consensus formation by round',
    [
      ...identityColumns(multiDataset, multiSetup),
      ...Array.from({ length: rounds }, (_, round): ReportColumn<ProtocolRow> => ({ header: `round ${round}`, text: (row) => formatNumber(row.cfByRound?.[round] ?? null), csv: [{ name: `round_${round}`, value: (row) => row.cfByRound?.[round] ?? null }] })),
    ],
    rows,
    'Mean over units of 1 − Var_r / Var_round0 of the agents’ numeric forecasts.',
  );
}

/** The comparison table: one row per metric × comparison (× dataset × setup). */
export function comparisonReportTable(rows: readonly ComparisonRow[], alpha: number, multiDataset: boolean, multiSetup: boolean): ReportTable {
  // A figure that reads a fallback NLI's flags is never called significant (its notes say "not starred: fallback NLI").
  const starOf = (row: ComparisonRow) => (p: number | null) => (!row.fallbackNli && p !== null && p < alpha ? ' *' : '');
  const digits = (row: ComparisonRow) => studyMetricInfo(row.metric).digits;
  const corrections = [...new Set(rows.map((row) => CORRECTION_LABEL[row.correction]))];
  const correction = corrections.join('/') || CORRECTION_LABEL.holm;
  const oneSided = rows.some((row) => row.alternative !== 'two-sided');
  return reportTable(
    'comparisons',
    'Paired comparisons',
    [
      { header: 'metric', text: (row) => studyMetricInfo(row.metric).label, csv: [{ name: 'metric', value: (row) => row.metric }] },
      {
        header: 'comparison',
        text: (row) => (oneSided ? `${row.treatment} − ${row.control} (${row.alternative === 'two-sided' ? 'two-sided' : `one-sided: ${alternativeSymbol(row.alternative)} 0`})` : `${row.treatment} − ${row.control}`),
        csv: [{ name: 'treatment', value: (row) => row.treatment }, { name: 'control', value: (row) => row.control }, { name: 'alternative', value: (row) => row.alternative }],
      },
      ...(multiDataset ? [{ header: 'dataset', text: (row: ComparisonRow) => row.dataset }] : []),
      ...(multiSetup ? [{ header: 'setup', text: (row: ComparisonRow) => row.setup }] : []),
      { header: 'n pairs', text: (row) => String(row.n), csv: [{ name: 'n', value: (row) => row.n }, { name: 'pairing', value: (row) => row.pairing }] },
      { header: 'means', text: (row) => `${formatNumber(row.meanTreatment, digits(row))} vs ${formatNumber(row.meanControl, digits(row))}`, csv: [{ name: 'mean_treatment', value: (row) => row.meanTreatment }, { name: 'mean_control', value: (row) => row.meanControl }] },
      {
        header: 'Δ [95% CI]',
        text: (row) => (row.meanDifference === null ? MISSING : `${formatNumber(row.meanDifference, digits(row))} [${formatNumber(row.ciLow, digits(row))}, ${formatNumber(row.ciHigh, digits(row))}]`),
        csv: [{ name: 'mean_difference', value: (row) => row.meanDifference }, { name: 'ci_low', value: (row) => row.ciLow }, { name: 'ci_high', value: (row) => row.ciHigh }],
      },
      { header: 't (df)', text: (row) => (row.t === null ? MISSING : `${formatNumber(row.t, 2)} (${row.df})`), csv: [{ name: 't', value: (row) => row.t }, { name: 'df', value: (row) => row.df }] },
      {
        header: `p t (${correction})`,
        text: (row) => (row.pT === null ? MISSING : `${formatP(row.pT)} (${formatP(row.pTAdjusted)})${starOf(row)(row.pTAdjusted)}`),
        csv: [{ name: 'p_t', value: (row) => row.pT }, { name: 'p_t_adjusted', value: (row) => row.pTAdjusted }, { name: 'correction', value: (row) => row.correction }],
      },
      {
        header: 'Wilcoxon V',
        text: (row) => (row.wilcoxonV === null ? MISSING : `${row.wilcoxonV} (${row.wilcoxonMethod})`),
        csv: [{ name: 'wilcoxon_v', value: (row) => row.wilcoxonV }, { name: 'wilcoxon_method', value: (row) => row.wilcoxonMethod }, { name: 'zero_differences', value: (row) => row.zeros }],
      },
      { header: `p W (${correction})`, text: (row) => (row.pWilcoxon === null ? MISSING : `${formatP(row.pWilcoxon)} (${formatP(row.pWilcoxonAdjusted)})${starOf(row)(row.pWilcoxonAdjusted)}`), csv: [{ name: 'p_wilcoxon', value: (row) => row.pWilcoxon }, { name: 'p_wilcoxon_adjusted', value: (row) => row.pWilcoxonAdjusted }] },
      { header: 'd_z', text: (row) => formatNumber(row.dz, 2), csv: [{ name: 'd_z', value: (row) => row.dz }] },
      { header: 'd_av', text: (row) => formatNumber(row.dav, 2), csv: [{ name: 'd_av', value: (row) => row.dav }] },
      {
        header: `McNemar b/c p (${correction})`,
        text: (row) => (row.mcnemar === null ? '—' : `${row.mcnemar.b}/${row.mcnemar.c} ${formatP(row.mcnemar.p)} (${formatP(row.mcnemar.pAdjusted)})${starOf(row)(row.mcnemar.pAdjusted)} ${row.mcnemar.method === 'exact' ? 'exact' : 'χ²'}`),
        csv: [
          { name: 'mcnemar_b', value: (row) => row.mcnemar?.b ?? null },
          { name: 'mcnemar_c', value: (row) => row.mcnemar?.c ?? null },
          { name: 'mcnemar_method', value: (row) => row.mcnemar?.method ?? null },
          { name: 'mcnemar_statistic', value: (row) => row.mcnemar?.statistic ?? null },
          { name: 'p_mcnemar', value: (row) => row.mcnemar?.p ?? null },
          { name: 'p_mcnemar_adjusted', value: (row) => row.mcnemar?.pAdjusted ?? null },
        ],
      },
      { header: 'notes', text: (row) => row.notes.join('; '), csv: [{ name: 'notes', value: (row) => row.notes.join('; ') }] },
    ],
    rows,
    `Differences are treatment − control over pairs with values under both; differences within ${TIE_TOLERANCE} are ties (zero). p-values are ${oneSided ? 'two-sided unless the comparison says one-sided' : 'two-sided'}; ${correction}-adjusted within each metric across the study’s comparisons; * adjusted p < ${alpha}, except on ${FALLBACK_NLI_LABEL} rows (CARA-HYB, CR, CARA-GT read its contradiction flags: ${NOT_STARRED_NOTE}). b/c: pairs where only the treatment / only the control is 1.`,
  );
}
