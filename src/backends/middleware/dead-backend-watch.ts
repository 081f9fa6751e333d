import type { BackendMiddleware } from '../../spec/chat.js';
import { BackendError, QuorumError } from '../../spec/errors.js';
import { decorateBackend } from './decorate-backend.js';

/** Calls in a row that must fail at the connection level before a backend counts as down. */
export const DEFAULT_DEAD_AFTER_CALLS = 8;

/** What a run stops on: the backend that went down and why it is thought down. */
export interface DeadBackend {
  backendId: string;
  /** The consecutive failed calls that tripped the watch. */
  calls: number;
  /** The last failure's message. */
  lastError: string;
}

/**
 * Failures that say the server is not there (refused, reset, DNS, no answer
 * in time), as opposed to a server that answers with an error: only these
 * make a backend look dead.
 */
export function isConnectionLevel(error: unknown): boolean {
  return error instanceof BackendError && (error.failure === 'connection' || error.failure === 'timeout');
}

/**
 * Notices a dead backend: when the last `deadAfterCalls` calls to one
 * backend (each after its retries) all failed at the connection level, the
 * backend is marked dead and `onDead` is told once. Any call that gets an
 * answer — even an HTTP error — resets the count. It does not cancel
 * anything: the runner stops starting units and lets in-flight ones end.
 */
export class DeadBackendWatch {
  readonly #deadAfterCalls: number;
  readonly #failuresInARow = new Map<string, number>();
  #dead: DeadBackend | undefined;

  constructor(options: { deadAfterCalls?: number } = {}) {
    this.#deadAfterCalls = options.deadAfterCalls ?? DEFAULT_DEAD_AFTER_CALLS;
  }

  /** The first backend found dead, if any. */
  get dead(): DeadBackend | undefined {
    return this.#dead;
  }

  /** The middleware that feeds the watch; put it outside the retry middleware, so that a call counts once. */
  readonly middleware: BackendMiddleware = (inner) =>
    decorateBackend(inner, async (request) => {
      try {
        const response = await inner.complete(request);
        this.#failuresInARow.set(inner.id, 0);
        return response;
      } catch (error) {
        if (!isConnectionLevel(error)) {
          if (!(error instanceof BackendError && error.failure === 'aborted')) this.#failuresInARow.set(inner.id, 0);
          throw error;
        }
        const count = (this.#failuresInARow.get(inner.id) ?? 0) + 1;
        this.#failuresInARow.set(inner.id, count);
        if (count >= this.#deadAfterCalls && this.#dead === undefined) this.#dead = { backendId: inner.id, calls: count, lastError: (error as Error).message };
        throw error;
      }
    });
}

/** A run stopped because one of its backends is down; the run is interrupted and resumes with the same command. */
export class DeadBackendError extends QuorumError {
  readonly backendId: string;
  readonly runId: string;

  constructor(runId: string, dead: DeadBackend) {
    super('BACKEND_DEAD', `run ${runId} stopped: backend ${dead.backendId} looks down (its last ${dead.calls} calls failed to connect or timed out; last: ${dead.lastError})`, {
      hint: 'no new units were started and the run is interrupted, not done: once the server is back, the same command resumes it',
    });
    this.backendId = dead.backendId;
    this.runId = runId;
  }
}
