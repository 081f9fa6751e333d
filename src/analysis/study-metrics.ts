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
  /** The interval the metric's definition bounds it to (DESIGN §6; ±Infinity where it has no bound); values, means and CIs are clamped to it. */
  bounds: readonly [number, number];
}

const UNIT: readonly [number, number] = [0, 1];
const SIGNED_UNIT: readonly [number, number] = [-1, 1];
const NON_NEGATIVE: readonly [number, number] = [0, Number.POSITIVE_INFINITY];

export const STUDY_METRIC_INFO: Readonly<Record<StudyMetric, StudyMetricInfo>> = {
  accuracy: { label: 'accuracy', source: 'units', binary: true, digits: 3, bounds: UNIT },
  agreement: { label: 'agreement', source: 'units', binary: true, digits: 3, bounds: UNIT },
  cara_hyb: { label: 'CARA-HYB', source: 'audit', binary: false, digits: 3, bounds: SIGNED_UNIT },
  sim: { label: 'SIM', source: 'audit', binary: false, digits: 3, bounds: SIGNED_UNIT },
  cr: { label: 'contradiction rate (CR)', source: 'audit', binary: false, digits: 3, bounds: UNIT },
  cara_gt: { label: 'CARA-GT', source: 'audit', binary: false, digits: 3, bounds: SIGNED_UNIT },
  prr: { label: 'PRR', source: 'dynamics', binary: false, digits: 3, bounds: UNIT },
  ad: { label: 'AD', source: 'dynamics', binary: false, digits: 3, bounds: UNIT },
  // CF = 1 − Var_final / Var_round0: at most 1, unbounded below (the forecasts can spread out).
  cf: { label: 'CF', source: 'dynamics', binary: false, digits: 3, bounds: [Number.NEGATIVE_INFINITY, 1] },
  abs_error: { label: 'absolute error', source: 'units', binary: false, digits: 4, bounds: NON_NEGATIVE },
  tokens: { label: 'tokens / unit', source: 'units', binary: false, digits: 0, bounds: NON_NEGATIVE },
  cost_usd: { label: 'cost / unit (USD)', source: 'units', binary: false, digits: 5, bounds: NON_NEGATIVE },
  latency_ms: { label: 'latency / unit (ms)', source: 'units', binary: false, digits: 0, bounds: NON_NEGATIVE },
};
