import { QuorumError } from '../spec/errors.js';

/** A failure of the job queue (Redis, BullMQ) or of a queued job, with a hint a person can act on. */
export class QueueError extends QuorumError {
  constructor(message: string, hint?: string, cause?: unknown) {
    super('QUEUE', message, { hint, cause });
  }
}
