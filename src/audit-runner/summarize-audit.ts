import { bootstrapCi } from '../analysis/bootstrap.js';
import { mean } from '../util/quantile.js';
import { sameAnswer } from '../metrics/cara/same-answer.js';
import {
  FAILURE_MODES,
  type AuditGroupSummary,
  type AuditQuestionResult,
  type AuditSettings,
  type FailureMode,
  type MetricEstimate,
  type NotEligibleReason,
} from '../spec/audit-result.js';

type ScoreKey = 'caraHyb' | 'sim' | 'contradictionRate' | 'caraGt';

/**
 * The figures of a group of audited units (one protocol, or all).
 *
 * Corpus means follow DESIGN §6 "mean over eligible questions": a
 * question's score is the mean over its eligible units (seeds) that have
 * the score, then the corpus mean is over questions, with a percentile
 * bootstrap CI that resamples questions (seeded, B and seed in the settings).
 */
export function summarizeGroup(
  protocol: string,
  results: readonly AuditQuestionResult[],
  settings: AuditSettings,
  lowCaraThreshold: number | null,
): AuditGroupSummary {
  const eligible = results.filter((result) => result.eligible);
  const notEligibleReasons: Partial<Record<NotEligibleReason, number>> = {};
  for (const result of results) for (const reason of result.reasons) notEligibleReasons[reason] = (notEligibleReasons[reason] ?? 0) + 1;
  const scored = results.filter((result) => result.details.correct !== null);
  const failureModes = Object.fromEntries(FAILURE_MODES.map((mode) => [mode, 0])) as Record<FailureMode, number>;
  for (const result of results) if (result.failureMode !== null) failureModes[result.failureMode] += 1;
  const estimate = (key: ScoreKey): MetricEstimate => corpusEstimate(eligible, key, settings.bootstrap);
  return {
    protocol,
    units: results.length,
    eligible: eligible.length,
    notEligible: results.length - eligible.length,
    notEligibleReasons,
    questions: new Set(eligible.map((result) => result.questionId)).size,
    accuracy: scored.length === 0 ? null : scored.filter((result) => result.details.correct === true).length / scored.length,
    agreement: results.length === 0 ? null : results.filter(unanimous).length / results.length,
    caraHyb: estimate('caraHyb'),
    sim: estimate('sim'),
    contradictionRate: estimate('contradictionRate'),
    caraGt: estimate('caraGt'),
    emptyPairs: eligible.reduce((sum, result) => sum + result.details.pairs.filter((pair) => pair.empty).length, 0),
    lowCara: { threshold: lowCaraThreshold, count: results.filter((result) => result.details.lowCara).length },
    failureModes,
  };
}

/** Per-question means over seeds, then the bootstrap over questions. */
function corpusEstimate(eligible: readonly AuditQuestionResult[], key: ScoreKey, bootstrap: AuditSettings['bootstrap']): MetricEstimate {
  const byQuestion = new Map<string, number[]>();
  for (const result of eligible) {
    const value = result[key];
    if (value === null) continue;
    const values = byQuestion.get(result.questionId) ?? [];
    values.push(value);
    byQuestion.set(result.questionId, values);
  }
  const questionMeans = [...byQuestion.values()].map((values) => mean(values)!);
  const interval = bootstrapCi(questionMeans, bootstrap);
  if (interval === null) return { mean: null, low: null, high: null, n: 0 };
  return { mean: interval.estimate, low: interval.low, high: interval.high, n: interval.n };
}

/** Every agent gave the same parseable final answer. */
function unanimous(result: AuditQuestionResult): boolean {
  const answers = result.details.agents.map((agent) => agent.answer);
  return answers.length > 0 && answers.every((answer) => answer !== null && sameAnswer(answer, answers[0]!));
}
