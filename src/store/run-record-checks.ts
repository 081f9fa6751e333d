import { StoreError } from '../spec/errors.js';
import { runConfigSchema, versionMixSchema, type VersionMix } from '../spec/run-config.js';
import type { RunRecord } from '../spec/store.js';
import { describeZodIssue } from './zod-issue.js';

/** Throws `StoreError` naming the first invalid field of a run's configuration; the run is then not created. */
export function checkRunConfig(run: RunRecord): void {
  const config = runConfigSchema.safeParse(run.config);
  if (config.success) return;
  const issue = describeZodIssue(config.error, ['config']);
  throw new StoreError(`run ${run.id}: invalid ${issue.field}: ${issue.message}`, 'the run was not created; check the run configuration');
}

/** The version mix as validated (zod's copy), or a `StoreError` saying nothing was recorded. */
export function checkedVersionMix(id: string, mix: VersionMix): VersionMix {
  const parsed = versionMixSchema.safeParse(mix);
  if (!parsed.success) throw new StoreError(`run ${id}: invalid version mix: ${parsed.error.issues[0]?.message ?? 'unknown'}`, 'nothing was recorded');
  return parsed.data;
}
