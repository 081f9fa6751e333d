import type { Metric } from '../../spec/metric.js';
import type { ScorerMetric } from '../../spec/scorer.js';
import { SCORERS, squadEmF1Scorer } from '../scorers/index.js';
import { scorerMetricKey } from '../metric-needs.js';
import { NON_NEGATIVE, UNIT_INTERVAL } from './metric-bounds.js';

// per-answer values that are 0 or 1 by their evaluator's definition (McNemar's test applies)
const ZERO_ONE_KEYS: ReadonlySet<string> = new Set(['em', 'denotation', 'numericLenient']);

/**
 * The per-answer metrics of the datasets' official scorers (EM, F1,
 * denotation, ROUGE, FinQA's lenient numeric match, FRED's absolute error),
 * as stored with each unit's `final` event, keyed `scorer_<key>`. A unit
 * graded by a scorer without that metric has no value. Corpus-level metrics
 * (sacreBLEU, PubMedQA's macro-F1) have no per-answer value and cannot be
 * paired: `quorum run` and `quorum score` report them per run.
 */
export function scorerMetrics(): Metric[] {
  const byKey = new Map<string, { metric: ScorerMetric; scorers: string[] }>();
  // the SQuAD EM/F1 fallback grades text golds of generic datasets
  for (const scorer of [...SCORERS.values(), squadEmF1Scorer]) {
    for (const metric of scorer.metrics) {
      if (metric.aggregate !== 'mean') continue;
      const entry = byKey.get(metric.key) ?? { metric, scorers: [] };
      entry.scorers.push(scorer.name);
      byKey.set(metric.key, entry);
    }
  }
  return [...byKey.values()].map(({ metric, scorers }) => ({
    key: scorerMetricKey(metric.key),
    label: `${metric.label} (official scorer)`,
    source: `per-answer ${metric.key} of ${scorers.join(', ')} (docs/metrics.md, "Answer scorers")`,
    needs: ['gold', 'scorer-reports'],
    bounds: metric.kind === 'value' ? NON_NEGATIVE : UNIT_INTERVAL,
    binary: ZERO_ONE_KEYS.has(metric.key),
    digits: metric.kind === 'value' ? 4 : 3,
    value: ({ summary }) => summary.scores?.[metric.key] ?? null,
  }));
}
