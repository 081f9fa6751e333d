import type { AuditQuestionRecord } from './audit-result.js';
import type { Question } from './question.js';
import type { UnitSummary } from './store.js';
import type { TraceEvent } from './trace.js';

/**
 * What a metric needs of a unit before it has a value; a unit lacking one
 * has no value (n/a), never 0. Checked by the registry, in this order of
 * cost: the stored summary first, then the audit, the events, the question.
 *
 * - `gold`: the unit's final event recorded a gold answer.
 * - `numeric-gold`: the gold is one number (forecasts, FinQA).
 * - `several-agents`: at least two agents gave answers (agreement is
 *   meaningless for one answering agent: CoT, DeALOG's summariser).
 * - `interaction-rounds`: the unit ran a round ≥ 1 in which agents saw peers.
 * - `free-form-answer`: the answer is graded as free text or a number read
 *   from a table (the unit's scorer reports per-answer EM, F1, denotation,
 *   ROUGE or numeric match), or the unit kept a shared log; not multiple choice.
 * - `audit`: the run's chosen audit has a record for the unit.
 * - `cara-eligible`: that record is eligible for CARA (|S(q)| ≥ 2).
 * - `events`: the unit's trace events were read.
 * - `shared-log`: the events hold a shared log (DeALOG, planner, plan→log).
 * - `verifier`: the shared log holds a verifier verdict (OK or FLAG).
 * - `question`: the question as the unit saw it was rebuilt (verifier
 *   detection re-verifies against its sources).
 * - `scorer-reports`: the dataset scorer that graded the unit reported the
 *   metric (for `scorer_<key>` metrics: the scorer's per-answer `<key>`).
 */
export type MetricNeed =
  | 'gold'
  | 'numeric-gold'
  | 'several-agents'
  | 'interaction-rounds'
  | 'free-form-answer'
  | 'audit'
  | 'cara-eligible'
  | 'events'
  | 'shared-log'
  | 'verifier'
  | 'question'
  | 'scorer-reports';

/** One finished unit as a metric reads it: its stored data, plus what the caller could read. */
export interface MetricUnit {
  /** The stored unit id (reports link pairs to traces). */
  unitId: string;
  /** The stored summary of the finished unit. */
  summary: UnitSummary;
  /** The run's chosen audit record of the unit, when the run was audited. */
  audit?: AuditQuestionRecord;
  /** The unit's trace events, when the caller read them. */
  events?: readonly TraceEvent[];
  /** The question as the unit saw it, when the caller rebuilt it. */
  question?: Question;
  /** Run parameters a metric may read (e.g. the shared log's `quoteMatch`). */
  params?: Readonly<Record<string, unknown>>;
}

/**
 * A per-unit measure that `run`, `show`, studies and the viewer all compute
 * the same way. A metric declares what it needs (`needs`); the registry
 * decides applicability from those needs and the unit's data, so no caller
 * decides from protocol or dataset names. Studies pair its values by
 * (question, seed); a value that is n/a on either side excludes the pair.
 */
export interface Metric {
  /** Stable key used in study.yaml (`comparisons.metrics`, hypotheses), JSON and CSV (snake_case, e.g. `cara_hyb`). */
  readonly key: string;
  /** Heading in tables and charts ("CARA-HYB"). */
  readonly label: string;
  /** Where the definition comes from: the paper or evaluator and the section of docs/metrics.md that states it. */
  readonly source: string;
  /** What the unit must have for a value; otherwise the metric is n/a for it. */
  readonly needs: readonly MetricNeed[];
  /** The interval the definition bounds values to (±Infinity where unbounded); values, means and CIs are clamped to it. */
  readonly bounds: readonly [number, number];
  /** Whether values are 0/1 outcomes (McNemar's test applies to paired ones). */
  readonly binary: boolean;
  /** Digits shown in tables. */
  readonly digits: number;
  /**
   * The unit's value, called only when every need is met; null when the
   * value is still undefined for the unit (CF with equal round-0 forecasts,
   * a cost without a price). Must not call a model (metrics read traces only).
   */
  value(unit: MetricUnit): number | null;
}
