import type { Usage } from '../spec/chat.js';
import { addUsage, ZERO_USAGE } from '../spec/chat.js';
import type { UnitRecord, UnitSummary } from '../spec/store.js';
import { escalationStats, type EscalationStats } from './adaptive-savings.js';
import { answerDynamics, type AnswerDynamics } from './answer-dynamics.js';
import {
  argumentDiversityMetric,
  consensusFormationMetric,
  peerReferenceRate,
  type ArgumentDiversityMetric,
  type ConsensusFormationMetric,
  type PeerReferenceRate,
} from './dynamics/run-dynamics.js';
import { forecastError, type ForecastError } from './forecast-error.js';
import { scorerNamed } from './scorers/scorer-for.js';
import { applicableMetrics } from './metric-registry.js';
import { metricUnits } from './metric-units.js';
import { pluginMetricSummaries, type PluginMetricSummary } from './plugin-metric-summary.js';
import { NO_ANSWER_ROLES } from './no-answer-roles.js';
import { spokenAnswers } from './spoken-answers.js';
import { defineLazyProperty } from '../util/lazy-property.js';
import { tableQaMetrics, type TableQaInputs, type TableQaMetrics } from './table-qa/table-qa-metrics.js';

export { NO_ANSWER_ROLES } from './no-answer-roles.js';

/**
 * Optional inputs of `runMetrics`: each unit's events by unit id (table-QA
 * faithfulness and FLAG counts read the shared log) and the run's questions
 * (the verifier detection rate re-verifies against their sources).
 */
export type RunMetricsOptions = TableQaInputs;

/** Headline metrics of a run (keys match `quorum run --json` and `quorum show --json`). */
export interface RunMetrics {
  units: number;
  completed: number;
  failed: number;
  pending: number;
  /** Correct / finished units with a gold answer (unparsed counts as wrong); null when none. The scorer's headline verdict. */
  accuracy: number | null;
  /** The scorers that graded the finished units and the mean of each of their per-answer metrics (docs/metrics.md). */
  scoring: RunScoring;
  /** Share of finished units where every agent's final answer was the same parseable answer. */
  agreement: number | null;
  /** Share of finished units whose aggregated answer is unparsed or ambiguous. */
  unparsed: number | null;
  /** Share of answering turns whose answer could not be parsed (turns of `NO_ANSWER_ROLES` are not counted). */
  unparsedTurns: number | null;
  tokens: Usage & { total: number };
  calls: number;
  cacheHits: number;
  /** Total cost in US dollars, or null when no backend has a price. */
  costUsd: number | null;
  /** Units whose calls reached a model without a price: `costUsd` leaves them out. */
  unpricedUnits: number;
  /** Mean summed call latency per finished unit, in milliseconds. */
  latencyMsPerUnit: number | null;
  /** Answer changes, flips and agreement per round. */
  dynamics: AnswerDynamics;
  /** Peer reference rate, PRR (docs/dynamics.md). */
  prr: PeerReferenceRate;
  /** Argument diversity, AD (docs/dynamics.md). */
  ad: ArgumentDiversityMetric;
  /** Consensus formation, CF, of numeric answers; null when no unit has a numeric gold. */
  cf: ConsensusFormationMetric | null;
  /** Absolute error of numeric answers (MAE and per round); null when no unit has a numeric gold. */
  mae: ForecastError | null;
  /** Units that ran interaction rounds and what those cost (input of `adaptiveSavings`). */
  escalation: EscalationStats;
  /** EM, numeric match, F1, ROUGE-L, faithfulness, rounds, FLAGs, latency (table-QA runs; for every run with gold answers, computed on its first read). */
  tableQa: TableQaMetrics;
  /**
   * Keys of the registered metrics that apply to at least one finished unit
   * (`applicableMetrics`): what `run`, `show` and reports print; the others are n/a.
   */
  applicable: string[];
  /** The plugin metrics that apply (registered with `registerMetric`), each with its mean; empty without plugins. */
  plugins: PluginMetricSummary[];
}

/** Which scorers graded a run and the means of their per-answer metrics. */
export interface RunScoring {
  /** Scorer names, in order of first use; empty for traces written before the runner scored. */
  scorers: string[];
  /** Mean of each metric over the finished units that report it (`em`, `f1`, `rougeL`, …). */
  metrics: Record<string, number | null>;
  /** Metrics that are quantities in the data's unit (an absolute error), not shares: print them as they are. */
  values: string[];
}

/** Computes a run's headline metrics from its units. */
export function runMetrics(units: readonly UnitRecord[], options: RunMetricsOptions = {}): RunMetrics {
  const finished = units.filter((unit) => unit.status === 'done' && unit.summary !== null);
  const failed = units.filter((unit) => unit.status === 'failed').length;
  const pending = units.filter((unit) => unit.status === 'pending').length;
  const scored = finished.filter((unit) => unit.summary!.correct !== null);
  let usage = ZERO_USAGE;
  let costUsd: number | null = null;
  let unpricedUnits = 0;
  let calls = 0;
  let cacheHits = 0;
  let latency = 0;
  let turns = 0;
  let unparsedTurns = 0;
  for (const unit of units) {
    const summary = unit.summary;
    if (summary === null) continue;
    usage = addUsage(usage, summary.usage);
    calls += summary.calls;
    cacheHits += summary.cacheHits;
    if (summary.costUsd !== null) costUsd = (costUsd ?? 0) + summary.costUsd;
    else if (summary.calls > 0) unpricedUnits += 1;
    if (unit.status === 'done') latency += summary.latencyMs;
    // muted rounds are no turns at all (spokenAnswers leaves them undefined)
    for (const [agent, rounds] of Object.entries(spokenAnswers(summary))) {
      if (NO_ANSWER_ROLES.has(agent)) continue;
      turns += rounds.filter((answer) => answer !== undefined).length;
      unparsedTurns += rounds.filter((answer) => answer === null).length;
    }
  }
  const share = (count: number, total: number): number | null => (total === 0 ? null : count / total);
  const summaries = finished.map((unit) => unit.summary!);
  const measured = metricUnits(units, { ...options, params: { quoteMatch: options.quoteMatch ?? 'loose' } });
  const applicable = applicableMetrics(measured);
  const head = {
    units: units.length,
    completed: finished.length,
    failed,
    pending,
    accuracy: share(scored.filter((unit) => unit.summary!.correct === true).length, scored.length),
    scoring: runScoring(summaries),
    agreement: share(finished.filter((unit) => unit.summary!.unanimous).length, finished.length),
    unparsed: share(finished.filter((unit) => unit.summary!.answerStatus !== 'ok').length, finished.length),
    unparsedTurns: share(unparsedTurns, turns),
    tokens: { ...usage, total: usage.promptTokens + usage.completionTokens },
    calls,
    cacheHits,
    costUsd,
    unpricedUnits,
    latencyMsPerUnit: share(latency, finished.length),
    dynamics: answerDynamics(summaries),
    prr: peerReferenceRate(summaries),
    ad: argumentDiversityMetric(summaries),
    cf: consensusFormationMetric(summaries),
    mae: forecastError(summaries),
    escalation: escalationStats(summaries),
  };
  // computed when read: `run` and `show` print it only for runs the table-QA measures apply to
  const withTableQa = defineLazyProperty(head, 'tableQa', () => tableQaMetrics(units, options));
  return Object.assign(withTableQa, {
    applicable: applicable.map((metric) => metric.key),
    plugins: pluginMetricSummaries(applicable, measured),
  });
}

function runScoring(summaries: readonly UnitSummary[]): RunScoring {
  const scorers = [...new Set(summaries.flatMap((summary) => (summary.scorer === undefined ? [] : [summary.scorer])))];
  const sums = new Map<string, number[]>();
  for (const summary of summaries) {
    for (const [key, value] of Object.entries(summary.scores ?? {})) {
      const values = sums.get(key) ?? [];
      if (value !== null) values.push(value);
      sums.set(key, values);
    }
  }
  const values = scorers.flatMap((name) => scorerNamed(name)?.metrics.filter((metric) => metric.kind === 'value').map((metric) => metric.key) ?? []);
  return { scorers, values: [...new Set(values)], metrics: Object.fromEntries([...sums].map(([key, values]) => [key, values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length])) };
}
