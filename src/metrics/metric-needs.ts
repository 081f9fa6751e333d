import type { MetricNeed, MetricUnit } from '../spec/metric.js';
import { numericGold } from './forecast-error.js';
import { NO_ANSWER_ROLES } from './no-answer-roles.js';
import { scorerNamed } from './scorers/scorer-for.js';

/** Why a need is not met, as a report prints it after "n/a: ". */
export const NEED_REASONS: Readonly<Record<MetricNeed, string>> = {
  gold: 'no gold answer',
  'numeric-gold': 'no numeric gold',
  'several-agents': 'fewer than two answering agents',
  'interaction-rounds': 'no interaction round',
  'free-form-answer': 'answers are not graded as free-form or table answers',
  audit: 'not audited',
  'cara-eligible': 'not eligible for CARA (fewer than two agreeing agents)',
  events: 'trace events not read',
  'shared-log': 'no shared log',
  verifier: 'no verifier verdict in the shared log',
  question: 'questions not rebuilt',
  'scorer-reports': "the dataset's scorer does not report it",
};

/** The metric key of a scorer's per-answer metric: `rougeL` → `scorer_rouge_l`. */
export function scorerMetricKey(scoreKey: string): string {
  return `scorer_${scoreKey.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`;
}

/** Whether `unit` meets `need` of the metric with key `metricKey` (MetricNeed documents each). */
export function meetsNeed(need: MetricNeed, unit: MetricUnit, metricKey = ''): boolean {
  const { summary } = unit;
  switch (need) {
    case 'gold':
      return summary.gold !== null;
    case 'numeric-gold':
      return numericGold(summary) !== null;
    case 'several-agents':
      return answeringAgents(unit) >= 2;
    case 'interaction-rounds':
      return summary.roundsRun >= 2;
    case 'free-form-answer':
      return gradedAsFreeForm(unit) || hasSharedLog(unit);
    case 'audit':
      return unit.audit !== undefined;
    case 'cara-eligible':
      return unit.audit?.eligible === true;
    case 'events':
      return unit.events !== undefined;
    case 'shared-log':
      return hasSharedLog(unit);
    case 'verifier':
      return unit.events?.some((event) => event.type === 'log-entry' && (event.entryType === 'OK' || event.entryType === 'FLAG')) ?? false;
    case 'question':
      return unit.question !== undefined;
    case 'scorer-reports':
      return Object.keys(summary.scores ?? {}).some((key) => scorerMetricKey(key) === metricKey);
  }
}

/** Agents that answered in the unit (roles that never answer, like DeALOG's specialists, are not counted). */
export function answeringAgents(unit: MetricUnit): number {
  return Object.keys(unit.summary.answersByRound).filter((agent) => !NO_ANSWER_ROLES.has(agent)).length;
}

function hasSharedLog(unit: MetricUnit): boolean {
  return unit.events?.some((event) => event.type === 'log-entry') ?? false;
}

// Free-form and table answers are the ones whose official scorer reports per-answer
// EM, F1, denotation, ROUGE or numeric match; option letters and forecasts report none of these.
function gradedAsFreeForm(unit: MetricUnit): boolean {
  const scorer = unit.summary.scorer === undefined ? undefined : scorerNamed(unit.summary.scorer);
  return scorer?.metrics.some((metric) => metric.aggregate === 'mean' && metric.kind !== 'value') ?? false;
}
