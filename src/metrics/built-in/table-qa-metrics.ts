import { logEntriesFromEvents } from '../../protocols/shared-log/trace-log.js';
import type { Metric, MetricNeed, MetricUnit } from '../../spec/metric.js';
import { scoreTableQaSummary, type TableQaUnitScore } from '../table-qa/table-qa-metrics.js';
import { verifierDetection } from '../table-qa/verifier-detection.js';
import { NON_NEGATIVE, UNIT_INTERVAL } from './metric-bounds.js';

const SECTION = '(docs/dealog.md, "Metrics (`src/metrics/table-qa/`, `RunMetrics.tableQa`)")';

function score(unit: MetricUnit): TableQaUnitScore | undefined {
  return scoreTableQaSummary(unit.summary, unit.events === undefined ? undefined : logEntriesFromEvents(unit.events));
}

const tableQa = (key: string, label: string, what: string, needs: readonly MetricNeed[], options: { binary?: boolean; bounds?: readonly [number, number]; digits?: number }, read: (score: TableQaUnitScore) => number | null): Metric => ({
  key,
  label,
  source: `${what} ${SECTION}`,
  needs: ['gold', 'free-form-answer', ...needs],
  bounds: options.bounds ?? UNIT_INTERVAL,
  binary: options.binary ?? false,
  digits: options.digits ?? 3,
  value: (unit) => {
    const scored = score(unit);
    return scored === undefined ? null : read(scored);
  },
});

/** Exact match after normalisation (the `em` line of `quorum show`). */
export const exactMatchMetric = tableQa('em', 'EM', 'exact match after normalisation', [], { binary: true }, (scored) => scored.exactMatch);
/** Numeric match within FinQA tolerance, TAT-QA scale applied; n/a when the gold is not a number. */
export const numericMatchMetric = tableQa('numeric_match', 'numeric match', 'numeric match within FinQA tolerance', [], { binary: true }, (scored) => (scored.numericMatch === null ? null : scored.numericMatch ? 1 : 0));
/** SQuAD token F1 against the gold. */
export const tokenF1Metric = tableQa('f1', 'token F1', 'SQuAD token F1', [], {}, (scored) => scored.f1);
/** ROUGE-L F-measure against the gold (FeTaQA). */
export const rougeLMetric = tableQa('rouge_l', 'ROUGE-L', 'ROUGE-L F-measure', [], {}, (scored) => scored.rougeL);
/** Share of the answer's numbers and entities found in accepted log entries; n/a when the log has no ANSWER. */
export const faithfulnessMetric = tableQa('faithfulness', 'faithfulness', 'log-grounding faithfulness', ['events', 'shared-log'], {}, (scored) => scored.faithfulness);
/** Accepted FLAG entries of the unit's shared log. */
export const flagsMetric = tableQa('flags', 'FLAGs / unit', 'accepted FLAG entries', ['events', 'shared-log', 'verifier'], { bounds: NON_NEGATIVE, digits: 2 }, (scored) => scored.flags);
/** Rounds the unit ran. */
export const roundsMetric: Metric = { key: 'rounds', label: 'rounds / unit', source: `rounds run per unit ${SECTION}`, needs: [], bounds: NON_NEGATIVE, binary: false, digits: 2, value: ({ summary }) => summary.roundsRun };

/**
 * Verifier detection of one unit: the share of the two injected errors
 * (arithmetic ×1.1, unit ×1000) that the deterministic verifier catches in
 * the unit's latest verified numeric ANSWER; n/a when that answer is not a
 * number or did not pass. Both kinds are injected into the same answers, so
 * the mean over units equals the run's pooled detection rate.
 */
export const verifierDetectionMetric: Metric = {
  key: 'verifier_detection',
  label: 'verifier detection',
  source: `injected-error detection rate of the verifier ${SECTION}`,
  needs: ['free-form-answer', 'events', 'shared-log', 'verifier', 'question'],
  bounds: UNIT_INTERVAL,
  binary: false,
  digits: 3,
  value: ({ events, question, params }) => {
    if (events === undefined || question === undefined) return null;
    const entries = logEntriesFromEvents(events);
    const detection = verifierDetection([{ question, entries }], params?.['quoteMatch'] === 'exact' ? 'exact' : 'loose');
    const counts = Object.values(detection.byKind);
    const injected = counts.reduce((sum, count) => sum + count.injected, 0);
    return injected === 0 ? null : counts.reduce((sum, count) => sum + count.detected, 0) / injected;
  },
};
