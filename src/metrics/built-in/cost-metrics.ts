import type { Metric } from '../../spec/metric.js';
import { unitCostUsd } from '../unit-cost.js';
import { wallLatencyMs } from '../wall-latency.js';
import { NON_NEGATIVE } from './metric-bounds.js';

const cost = (key: string, label: string, source: string, digits: number, value: Metric['value']): Metric => ({ key, label, source, needs: [], bounds: NON_NEGATIVE, binary: false, digits, value });

/** Prompt plus completion tokens of every call of the unit (judge, summariser and verifier calls included). */
export const tokensMetric = cost('tokens', 'tokens / unit', 'usage reported by the backend (docs/studies.md, "Metrics")', 0, ({ summary }) => summary.usage.promptTokens + summary.usage.completionTokens);
/** Model calls of the unit. */
export const callsMetric = cost('calls', 'calls / unit', 'model calls recorded in the trace (docs/studies.md, "Metrics")', 1, ({ summary }) => summary.calls);
/**
 * Wall latency of one question (`wallLatencyMs`): from the start of its
 * first model call to the end of its last, at most the summed call time
 * (`latency_ms`). Read from the summary, which records it since summaries
 * have `wallMs`; for older summaries, from the events when the caller read
 * them (else n/a).
 */
export const wallLatencyMetric = cost('wall_ms', 'wall latency / question (ms)', 'first call start to last call end, from the trace (docs/studies.md, "Latency")', 0, ({ summary, events }) =>
  summary.wallMs ?? (events === undefined ? null : wallLatencyMs(events)),
);

/** What the unit cost in US dollars; n/a without a price. */
export const costMetric = cost('cost_usd', 'cost / unit (USD)', 'versioned price table × usage (docs/studies.md, "Metrics")', 5, ({ summary }) => unitCostUsd(summary));
/**
 * Per-question latency: the summed wall time of the unit's model calls, in
 * milliseconds (the DeALOG paper reports it per question: 0.95 s against
 * CoT's 0.35 s). Cache hits count their (near-zero) lookup time.
 */
export const latencyMetric = cost('latency_ms', 'latency / question (ms)', 'summed call latency per unit (docs/studies.md, "Latency")', 0, ({ summary }) => summary.latencyMs);
