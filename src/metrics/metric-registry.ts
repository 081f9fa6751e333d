import type { Metric, MetricNeed, MetricUnit } from '../spec/metric.js';
import { absoluteErrorMetric, accuracyMetric, agreementMetric, unparsedMetric } from './built-in/answer-metrics.js';
import { caraGtMetric, caraHybMetric, contradictionRateMetric, failureModeMetrics, simMetric } from './built-in/audit-metrics.js';
import { callsMetric, costMetric, latencyMetric, tokensMetric, wallLatencyMetric } from './built-in/cost-metrics.js';
import { argumentDiversityMetric, consensusFormationMetric, peerReferenceRateMetric } from './built-in/dynamics-metrics.js';
import { scorerMetrics } from './built-in/scorer-metrics.js';
import { exactMatchMetric, faithfulnessMetric, flagsMetric, numericMatchMetric, rougeLMetric, roundsMetric, tokenF1Metric, verifierDetectionMetric } from './built-in/table-qa-metrics.js';
import { MetricError } from './metric-error.js';
import { NO_ANSWER_ROLES } from './no-answer-roles.js';
import { meetsNeed, NEED_REASONS } from './metric-needs.js';

const KNOWN_NEEDS = new Set(Object.keys(NEED_REASONS));
const KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
// needs that the stored summary alone cannot decide
const LATER: ReadonlySet<MetricNeed> = new Set(['audit', 'cara-eligible', 'events', 'shared-log', 'verifier', 'question']);
// needs that only the units' events meet: a metric that may apply with one of them makes every caller read the events
// (no built-in metric needs the events alone: wall latency is in the summary, so `show` of a debate run reads none)
const EVENT_NEEDS: ReadonlySet<MetricNeed> = new Set(['events', 'shared-log', 'verifier']);
const AUDIT_AND_QUESTION: ReadonlySet<MetricNeed> = new Set(['audit', 'cara-eligible', 'question']);

/**
 * Checks a metric definition and returns it frozen; a plugin's metric goes
 * through here before `registerMetric`. Throws a `MetricError` naming the
 * field that is wrong.
 */
export function defineMetric(metric: Metric): Metric {
  const fail = (field: string, expected: string): never => {
    throw new MetricError('METRIC_DEFINITION', String(metric.key), `metric "${String(metric.key)}": field "${field}" ${expected}`, 'see docs/studies.md, "Metrics", for the fields of a metric');
  };
  if (typeof metric.key !== 'string' || !KEY_PATTERN.test(metric.key)) fail('key', 'must be snake_case: a lower-case letter, then letters, digits or _');
  if (typeof metric.label !== 'string' || metric.label.trim() === '') fail('label', 'must be a non-empty string');
  if (typeof metric.source !== 'string' || metric.source.trim() === '') fail('source', 'must name where the definition comes from (paper, evaluator, docs section)');
  for (const need of metric.needs) if (!KNOWN_NEEDS.has(need)) fail('needs', `has "${String(need)}"; known needs: ${[...KNOWN_NEEDS].join(', ')}`);
  const [low, high] = metric.bounds;
  if (Number.isNaN(low) || Number.isNaN(high) || low > high) fail('bounds', 'must be [low, high] with low ≤ high (±Infinity where unbounded)');
  if (!Number.isInteger(metric.digits) || metric.digits < 0) fail('digits', 'must be a whole number ≥ 0');
  if (metric.binary && (low > 0 || high < 1)) fail('binary', 'is true, so bounds must contain 0 and 1');
  if (typeof metric.value !== 'function') fail('value', 'must be a function from a unit to a number or null');
  return Object.freeze({ ...metric, needs: Object.freeze([...metric.needs]), bounds: Object.freeze([low, high] as const) });
}

const BUILT_IN: readonly Metric[] = [
  accuracyMetric,
  agreementMetric,
  caraHybMetric,
  simMetric,
  contradictionRateMetric,
  caraGtMetric,
  ...failureModeMetrics,
  peerReferenceRateMetric,
  argumentDiversityMetric,
  consensusFormationMetric,
  absoluteErrorMetric,
  exactMatchMetric,
  numericMatchMetric,
  tokenF1Metric,
  rougeLMetric,
  faithfulnessMetric,
  flagsMetric,
  verifierDetectionMetric,
  ...scorerMetrics(),
  unparsedMetric,
  roundsMetric,
  tokensMetric,
  callsMetric,
  costMetric,
  latencyMetric,
  wallLatencyMetric,
].map(defineMetric);

const registry = new Map<string, Metric>(BUILT_IN.map((metric) => [metric.key, metric]));
const BUILT_IN_KEYS: ReadonlySet<string> = new Set(registry.keys());

/**
 * Adds a metric (a plugin's) to the registry, after `defineMetric`'s
 * checks; from then on `run`, `show` and studies compute it. A key already
 * taken by another metric is an error (registering the same object twice is not).
 */
export function registerMetric(metric: Metric): Metric {
  const existing = registry.get(metric.key);
  if (existing !== undefined && existing !== metric) {
    throw new MetricError('METRIC_DUPLICATE', metric.key, `metric "${metric.key}" is already registered (${existing.label}: ${existing.source})`, 'choose another key for the plugin metric');
  }
  const defined = existing ?? defineMetric(metric);
  registry.set(defined.key, defined);
  return defined;
}

/** Whether `key` is one of quorum's own metrics, not one a plugin registered. */
export function isBuiltInMetric(key: string): boolean {
  return BUILT_IN_KEYS.has(key);
}

/** Every registered metric: the built-ins in report order, then plugins in registration order. */
export function registeredMetrics(): readonly Metric[] {
  return [...registry.values()];
}

/** The registered metric with this key, or undefined. */
export function metricNamed(key: string): Metric | undefined {
  return registry.get(key);
}

/** The registered metric with this key; a `MetricError` listing the known keys otherwise. */
export function requireMetric(key: string): Metric {
  const metric = registry.get(key);
  if (metric === undefined) throw new MetricError('METRIC_UNKNOWN', key, `unknown metric "${key}"`, `known metrics: ${[...registry.keys()].join(', ')}`);
  return metric;
}

/** The needs of `metric` that `unit` does not meet (empty: the metric applies to the unit). */
export function unmetNeeds(metric: Metric, unit: MetricUnit): MetricNeed[] {
  return metric.needs.filter((need) => !meetsNeed(need, unit, metric.key));
}

/** Why a metric has no value for a unit, for "n/a (…)" notes. */
export function needsText(needs: readonly MetricNeed[]): string {
  return needs.map((need) => NEED_REASONS[need]).join('; ');
}

/**
 * The metric's value for the unit, or null when it is n/a: a need not met,
 * or a value the definition leaves undefined. Non-finite values are n/a too.
 */
export function metricValue(metric: Metric, unit: MetricUnit): number | null {
  if (unmetNeeds(metric, unit).length > 0) return null;
  const value = metric.value(unit);
  return value === null || !Number.isFinite(value) ? null : value;
}

/**
 * The metrics that apply to a set of units (a run, a study cell): those
 * whose needs at least one unit meets. The others are n/a for the whole set
 * (agreement for CoT, faithfulness without a shared log).
 */
export function applicableMetrics(units: readonly MetricUnit[], metrics: readonly Metric[] = registeredMetrics()): Metric[] {
  return metrics.filter((metric) => units.some((unit) => unmetNeeds(metric, unit).length === 0));
}

/**
 * What a caller should read beyond the stored summaries so that every
 * metric that may apply gets its inputs. Call it on the summaries alone:
 * `events` says whether a metric that may apply needs the units' events;
 * after attaching them, call it again: `questions` says whether a metric
 * whose other needs the events now meet needs the questions (verifier
 * detection on a shared log). Reading nothing more keeps `show` cheap on
 * runs no such metric applies to.
 */
export function inputsToRead(units: readonly MetricUnit[], metrics: readonly Metric[] = registeredMetrics()): { events: boolean; questions: boolean } {
  const possible = (metric: Metric, deferred: ReadonlySet<MetricNeed>): boolean =>
    units.some((unit) => metric.needs.every((need) => deferred.has(need) || meetsNeed(need, unit, metric.key) || (need === 'free-form-answer' && unit.events === undefined && hasNonAnsweringRoles(unit))));
  const events = units.some((unit) => unit.events === undefined) && metrics.some((metric) => metric.needs.some((need) => EVENT_NEEDS.has(need)) && possible(metric, LATER));
  const questions = metrics.some((metric) => metric.needs.includes('question') && possible(metric, AUDIT_AND_QUESTION));
  return { events, questions };
}

function hasNonAnsweringRoles(unit: MetricUnit): boolean {
  return Object.keys(unit.summary.answersByRound).some((agent) => NO_ANSWER_ROLES.has(agent));
}
