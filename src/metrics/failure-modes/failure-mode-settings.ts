import type { FailureModeSettings } from '../../spec/audit-result.js';

/**
 * Defaults of the failure-mode rules (docs/metrics.md, "Failure modes").
 * The low-CARA cut is relative (the bottom quarter of each protocol's
 * eligible units, as the seed work examined its lowest-CARA cases), so it
 * does not depend on the embedding model's cosine scale. The cosine
 * thresholds do depend on it: they were set on the default `wordvec`
 * embeddings, where paraphrased clinical steps score 0.80–0.96 and steps
 * about different mechanisms or topics 0.4–0.76 (probe pairs in
 * docs/metrics.md), and should be recalibrated for other models.
 */
export const DEFAULT_FAILURE_MODE_SETTINGS: FailureModeSettings = Object.freeze({
  low: Object.freeze({ kind: 'quantile', value: 0.25 }),
  lowSim: 0.7,
  counterpartCosine: 0.8,
  vagueShare: 0.5,
}) as FailureModeSettings;
