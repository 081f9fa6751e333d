/**
 * The metrics a study reports per protocol and compares between protocols,
 * by the key used in YAML (`comparisons.metrics`), JSON and CSV. Keys follow
 * DESIGN §6: `cr` is the contradiction rate (never the Cross-Round preset).
 */
export const STUDY_METRICS = ['accuracy', 'agreement', 'cara_hyb', 'sim', 'cr', 'cara_gt', 'prr', 'ad', 'cf', 'abs_error', 'tokens', 'cost_usd', 'latency_ms'] as const;
export type StudyMetric = (typeof STUDY_METRICS)[number];

/** How a metric is shown and tested. */
export interface StudyMetricInfo {
  /** Column heading in tables and charts. */
  label: string;
  /** Where the per-unit values come from. */
  source: 'units' | 'audit' | 'dynamics';
  /** 0/1 outcomes: McNemar's test applies. */
  binary: boolean;
  /** Digits shown in tables. */
  digits: number;
}

export const STUDY_METRIC_INFO: Readonly<Record<StudyMetric, StudyMetricInfo>> = {
  accuracy: { label: 'accuracy', source: 'units', binary: true, digits: 3 },
  agreement: { label: 'agreement', source: 'units', binary: true, digits: 3 },
  cara_hyb: { label: 'CARA-HYB', source: 'audit', binary: false, digits: 3 },
  sim: { label: 'SIM', source: 'audit', binary: false, digits: 3 },
  cr: { label: 'contradiction rate (CR)', source: 'audit', binary: false, digits: 3 },
  cara_gt: { label: 'CARA-GT', source: 'audit', binary: false, digits: 3 },
  prr: { label: 'PRR', source: 'dynamics', binary: false, digits: 3 },
  ad: { label: 'AD', source: 'dynamics', binary: false, digits: 3 },
  cf: { label: 'CF', source: 'dynamics', binary: false, digits: 3 },
  abs_error: { label: 'absolute error', source: 'units', binary: false, digits: 4 },
  tokens: { label: 'tokens / unit', source: 'units', binary: false, digits: 0 },
  cost_usd: { label: 'cost / unit (USD)', source: 'units', binary: false, digits: 5 },
  latency_ms: { label: 'latency / unit (ms)', source: 'units', binary: false, digits: 0 },
};
