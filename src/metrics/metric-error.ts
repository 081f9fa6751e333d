import { QuorumError } from '../spec/errors.js';

/** A metric definition that cannot be registered, or a metric key no registered metric has. */
export class MetricError extends QuorumError {
  /** The metric key concerned. */
  readonly key: string;

  constructor(code: 'METRIC_DEFINITION' | 'METRIC_DUPLICATE' | 'METRIC_UNKNOWN', key: string, message: string, hint?: string) {
    super(code, message, hint === undefined ? {} : { hint });
    this.key = key;
  }
}
