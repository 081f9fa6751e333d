import type { AuditQuestionRecord, FailureMode } from '../../spec/audit-result.js';
import { FAILURE_MODES } from '../../spec/audit-result.js';
import type { Metric } from '../../spec/metric.js';
import { SIGNED_UNIT_INTERVAL, UNIT_INTERVAL } from './metric-bounds.js';

const audited = (label: string, key: string, source: string, bounds: readonly [number, number], read: (audit: AuditQuestionRecord) => number | null): Metric => ({
  key,
  label,
  source,
  needs: ['audit', 'cara-eligible'],
  bounds,
  binary: false,
  digits: 3,
  value: ({ audit }) => (audit === undefined ? null : read(audit)),
});

/** CARA-HYB(q): hybrid alignment over pairs of the agreement set (DESIGN §6). */
export const caraHybMetric = audited('CARA-HYB', 'cara_hyb', 'CARA paper, HYB score (docs/metrics.md, "SIM, CARA-HYB, contradiction rate")', SIGNED_UNIT_INTERVAL, (audit) => audit.caraHyb);
/** SIM(q): mean best-match cosine over pairs of the agreement set. */
export const simMetric = audited('SIM', 'sim', 'CARA paper, SIM score (docs/metrics.md, "SIM, CARA-HYB, contradiction rate")', SIGNED_UNIT_INTERVAL, (audit) => audit.sim);
/** Contradiction rate (CR) of best-match pairs (never the Cross-Round preset). */
export const contradictionRateMetric = audited('contradiction rate (CR)', 'cr', 'CARA paper, contradiction rate (docs/metrics.md, "SIM, CARA-HYB, contradiction rate")', UNIT_INTERVAL, (audit) => audit.contradictionRate);
/** CARA-GT: coverage of the expert scoring points by the agreement set's steps. */
export const caraGtMetric = audited('CARA-GT', 'cara_gt', 'CARA paper, ground-truth alignment (docs/metrics.md, "CARA-GT")', SIGNED_UNIT_INTERVAL, (audit) => audit.caraGt);

/**
 * One 0/1 metric per failure mode: 1 when the audit labelled the unit with
 * it (primary label), 0 for every other audited unit; its mean is the share
 * of audited units with that failure mode (DESIGN §6, "Failure modes").
 */
export const failureModeMetrics: readonly Metric[] = FAILURE_MODES.map((mode: FailureMode) => ({
  key: mode.toLowerCase(),
  label: `${mode} share`,
  source: `failure mode ${mode} as labelled by the audit (docs/metrics.md, "Failure modes")`,
  needs: ['audit'],
  bounds: UNIT_INTERVAL,
  binary: true,
  digits: 3,
  value: ({ audit }) => (audit === undefined ? null : audit.failureMode === mode ? 1 : 0),
}));
