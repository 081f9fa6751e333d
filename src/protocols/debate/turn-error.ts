import { QuorumError, describeError } from '../../spec/errors.js';

/** A model call that failed inside a turn; the unit stops and records it. */
export class TurnError extends QuorumError {
  readonly agent: string;
  readonly round: number;

  constructor(agent: string, round: number, cause: unknown) {
    const described = describeError(cause);
    super(described.code, `${agent}, round ${round}: ${described.message}`, { hint: described.hint, cause });
    this.agent = agent;
    this.round = round;
  }
}
