/**
 * Error classes. Every error carries a stable `code` and a `hint` telling a
 * person what to do; the CLI prints `message` and `hint` and exits non-zero.
 */

import type { AttemptRecord } from './chat.js';

/** Base class of quorum's errors. */
export class QuorumError extends Error {
  readonly code: string;
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.hint = options.hint;
  }
}

/** A dataset row or field that does not match its format. Names file, line and field. */
export class DatasetFormatError extends QuorumError {
  readonly file: string;
  readonly line: number | undefined;
  readonly field: string | undefined;
  /** What was wrong, without the file, line and field (the message is these joined). */
  readonly expected: string;

  constructor(file: string, line: number | undefined, field: string | undefined, expected: string, hint?: string) {
    const where = [file, line === undefined ? undefined : `line ${line}`, field === undefined ? undefined : `field "${field}"`]
      .filter((part) => part !== undefined)
      .join(', ');
    super('DATASET_FORMAT', `${where}: ${expected}`, { hint });
    this.file = file;
    this.line = line;
    this.field = field;
    this.expected = expected;
  }
}

/** A configuration value (flag, spec string, run file) that cannot be used. */
export class ConfigError extends QuorumError {
  constructor(message: string, hint?: string) {
    super('CONFIG', message, { hint });
  }
}

/** Why a backend call failed; decides whether retrying can help. */
export type BackendFailure =
  | 'rate-limited'
  | 'server-error'
  | 'timeout'
  | 'connection'
  | 'bad-request'
  | 'auth'
  | 'malformed-output'
  /** A 2xx answer whose reply has no text: not a completion, so never cached; retried (the server glitched). */
  | 'empty-reply'
  | 'cache-miss'
  | 'unavailable'
  | 'aborted';

/** A chat backend call that failed. */
export class BackendError extends QuorumError {
  readonly failure: BackendFailure;
  readonly status: number | undefined;
  /** Delay the server asked for (Retry-After), in milliseconds. */
  readonly retryAfterMs: number | undefined;
  readonly backendId: string;
  /**
   * Every attempt the failed call made (HTTP attempts, repairs, retries),
   * the last one failed; set by the backend or middleware that made them, so
   * a failed turn's `error` event counts them as a successful turn does.
   */
  attemptLog: AttemptRecord[] | undefined;

  constructor(
    backendId: string,
    failure: BackendFailure,
    message: string,
    options: { status?: number; retryAfterMs?: number; hint?: string; cause?: unknown } = {},
  ) {
    super(`BACKEND_${failure.toUpperCase().replace(/-/g, '_')}`, `${backendId}: ${message}`, options);
    this.failure = failure;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.backendId = backendId;
    this.attemptLog = undefined;
  }

  /** True when the same call may succeed later (429, 5xx, timeouts, resets, an empty reply). */
  get retryable(): boolean {
    return this.failure === 'rate-limited' || this.failure === 'server-error' || this.failure === 'timeout' || this.failure === 'connection' || this.failure === 'empty-reply';
  }
}

/** A stored object that is missing or cannot be read. */
export class StoreError extends QuorumError {
  constructor(message: string, hint?: string, cause?: unknown) {
    super('STORE', message, { hint, cause });
  }
}

/**
 * Several failures of one step that ran in parallel (the agents of one
 * round, the drafts of one turn): the unit records an `error` event for each,
 * not just the first. Its code, message and hint are the first failure's.
 */
export class ConcurrentFailures extends QuorumError {
  readonly failures: readonly unknown[];

  constructor(batch: readonly unknown[]) {
    // Flattened: a failed round whose agent's drafts failed together still lists each failure once.
    const failures = batch.flatMap((failure) => (failure instanceof ConcurrentFailures ? failure.failures : [failure]));
    const first = describeError(failures[0]);
    super(first.code, failures.length === 1 ? first.message : `${first.message} (and ${failures.length - 1} more failure${failures.length === 2 ? '' : 's'} in the same step)`, { hint: first.hint, cause: failures[0] });
    this.failures = failures;
  }

  /** The failures of a settled batch, thrown as one (the single failure itself when there is one); nothing when all succeeded. */
  static throwIfAny(settled: readonly PromiseSettledResult<unknown>[]): void {
    const failures = settled.filter((result): result is PromiseRejectedResult => result.status === 'rejected').map((result) => result.reason as unknown);
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new ConcurrentFailures(failures);
  }
}

/** Turns any thrown value into a message and a hint for a person. */
export function describeError(error: unknown): { code: string; message: string; hint: string | undefined } {
  if (error instanceof QuorumError) return { code: error.code, message: error.message, hint: error.hint };
  if (error instanceof Error) return { code: 'INTERNAL', message: error.message, hint: undefined };
  return { code: 'INTERNAL', message: String(error), hint: undefined };
}
