import { QuorumError } from '../spec/errors.js';

/** Why an audit model could not be loaded or called. */
export type AuditModelFailure = 'unavailable' | 'load-failed' | 'bad-output';

/**
 * An audit model (embedding or NLI) that cannot be loaded or answered in
 * the wrong shape. Bad specs and missing packages are `ConfigError`s; HTTP
 * failures are `BackendError`s (they share the retry classification of
 * chat backends).
 */
export class AuditModelError extends QuorumError {
  readonly modelId: string;
  readonly failure: AuditModelFailure;

  constructor(modelId: string, failure: AuditModelFailure, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(`AUDIT_MODEL_${failure.toUpperCase().replace(/-/g, '_')}`, `${modelId}: ${message}`, options);
    this.modelId = modelId;
    this.failure = failure;
  }
}
