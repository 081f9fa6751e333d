import { type DebateOverrides, type DebateParams, debateOverridesSchema, debateParamsSchema } from '../../spec/debate-params.js';
import { ConfigError } from '../../spec/errors.js';
import { DebateProtocol } from './debate-protocol.js';
import { DEBATE_PRESETS, presetNames } from './presets.js';

/** Resolves a preset plus overrides into validated engine parameters. */
export function resolveDebateParams(preset: string, overrides: DebateOverrides = {}): DebateParams {
  const base = DEBATE_PRESETS[preset];
  if (base === undefined) {
    throw new ConfigError(`unknown protocol "${preset}"`, `known protocols: ${presetNames().join(', ')}`);
  }
  const checkedOverrides = debateOverridesSchema.strict().safeParse(overrides);
  if (!checkedOverrides.success) {
    throw new ConfigError(`protocol "${preset}": invalid parameters: ${checkedOverrides.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  }
  const params = debateParamsSchema.parse({ ...base.params, ...checkedOverrides.data });
  if (params.visibility === 'within-round' && params.order === 'parallel') {
    throw new ConfigError(`protocol "${preset}": within-round visibility needs a speaking order`, 'set order to sequential or judge-ranked');
  }
  return params;
}

/** Creates the debate protocol of a preset with optional overrides. */
export function createDebateProtocol(preset: string, overrides: DebateOverrides = {}): DebateProtocol {
  return new DebateProtocol(preset, resolveDebateParams(preset, overrides));
}
