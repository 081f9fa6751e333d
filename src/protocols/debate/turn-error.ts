import type { AttemptRecord } from '../../spec/chat.js';
import { BackendError, QuorumError, describeError } from '../../spec/errors.js';

/** A model call that failed inside a turn; the unit stops and records it. */
export class TurnError extends QuorumError {
  readonly agent: string;
  readonly round: number;
  /** The backend whose call failed, when the cause is a backend failure. */
  readonly backend: string | undefined;
  /** The failed call's attempts, so the error event counts them as a turn event would. */
  readonly attemptLog: AttemptRecord[] | undefined;

  constructor(agent: string, round: number, cause: unknown) {
    const described = describeError(cause);
    super(described.code, `${agent}, round ${round}: ${described.message}`, { hint: described.hint, cause });
    this.agent = agent;
    this.round = round;
    this.backend = cause instanceof BackendError ? cause.backendId : undefined;
    this.attemptLog = cause instanceof BackendError ? cause.attemptLog : undefined;
  }
}
