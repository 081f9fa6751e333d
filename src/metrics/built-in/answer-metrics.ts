import type { Metric } from '../../spec/metric.js';
import { absoluteError } from '../forecast-error.js';
import { NON_NEGATIVE, UNIT_INTERVAL } from './metric-bounds.js';

/** The dataset scorer's headline verdict: 1 correct, 0 wrong (an unparsed answer is wrong). */
export const accuracyMetric: Metric = {
  key: 'accuracy',
  label: 'accuracy',
  source: 'the verdict of the dataset\'s official scorer (docs/metrics.md, "Answers: one scorer per dataset, outside the protocols")',
  needs: ['gold'],
  bounds: UNIT_INTERVAL,
  binary: true,
  digits: 3,
  value: ({ summary }) => (summary.correct === null ? null : summary.correct ? 1 : 0),
};

/** 1 when every answering agent's final answer is the same parseable answer (DESIGN §6, agreement set). */
export const agreementMetric: Metric = {
  key: 'agreement',
  label: 'agreement',
  source: 'all agents\' final answers equal under the dataset\'s answer equality (docs/metrics.md, "Agreement set and eligibility")',
  needs: ['several-agents'],
  bounds: UNIT_INTERVAL,
  binary: true,
  digits: 3,
  value: ({ summary }) => (summary.unanimous ? 1 : 0),
};

/** 1 when the aggregated answer could not be parsed (or was ambiguous). */
export const unparsedMetric: Metric = {
  key: 'unparsed',
  label: 'unparsed answer',
  source: 'answer extraction status of the final answer (docs/studies.md, "Metrics")',
  needs: [],
  bounds: UNIT_INTERVAL,
  binary: true,
  digits: 3,
  value: ({ summary }) => (summary.answerStatus === 'ok' ? 0 : 1),
};

/** |aggregated answer − numeric gold| (forecasting; MAE is its mean). */
export const absoluteErrorMetric: Metric = {
  key: 'abs_error',
  label: 'absolute error',
  source: 'absolute error of numeric answers, mean = MAE (docs/forecasting.md, "Metrics")',
  needs: ['numeric-gold'],
  bounds: NON_NEGATIVE,
  binary: false,
  digits: 4,
  value: ({ summary }) => absoluteError(summary),
};
