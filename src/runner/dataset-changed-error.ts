import { QuorumError } from '../spec/errors.js';

/**
 * The data a worker loaded for a run is not the data the run was planned
 * with: another file at that path, or an edited one. Never retried: the
 * same file gives the same hash on every attempt.
 */
export class DatasetChangedError extends QuorumError {
  constructor(message: string, hint?: string) {
    super('DATASET_CHANGED', message, { hint });
  }
}
