import { ConfigError } from '../spec/errors.js';
import type { RunConfig } from '../spec/run-config.js';
import type { RunRecord } from '../spec/store.js';

/**
 * Resuming a run made by another code version: its finished units were made
 * with other prompts or parsers than the ones that would finish the rest, so
 * one run would silently hold two experiments.
 */
export class VersionMixError extends ConfigError {
  readonly runId: string;
  /** The code version that started the run. */
  readonly stored: string;
  /** The code version asked to continue it. */
  readonly current: string;

  constructor(runId: string, stored: string, current: string) {
    super(
      `run ${runId} was made by quorum ${stored}; this is ${current} (its prompts, parsers or scorers differ), so resuming would mix two versions in one run`,
      `start a new run with --fresh, or resume anyway with --allow-version-mix (recorded in the run's versionMix); to reproduce the run exactly, use quorum ${stored}`,
    );
    this.runId = runId;
    this.stored = stored;
    this.current = current;
  }
}

/**
 * Whether units of a run may be made by `version`: the version that started
 * it, or one a resume was allowed to mix in (`versionMix`). Workers ask
 * this, since they execute units of runs another process planned.
 */
export function runAcceptsCodeVersion(config: RunConfig, version: string): boolean {
  return config.codeVersion === version || (config.versionMix ?? []).some((mix) => mix.codeVersion === version);
}

/**
 * Whether `current` may continue `run`: true when it is the same code
 * version; false when it differs and the mix is allowed (the caller records
 * it); throws `VersionMixError` when it differs and is not allowed.
 */
export function sameCodeVersion(run: RunRecord, current: string, allowVersionMix: boolean): boolean {
  if (run.config.codeVersion === current) return true;
  if (!allowVersionMix) throw new VersionMixError(run.id, run.config.codeVersion, current);
  return false;
}
