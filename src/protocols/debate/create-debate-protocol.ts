import { type DebateOverrides, type DebateParams, debateOverridesSchema, debateParamsSchema } from '../../spec/debate-params.js';
import { ConfigError } from '../../spec/errors.js';
import { DebateProtocol } from './debate-protocol.js';
import { DEBATE_PRESETS, presetNames } from './presets.js';

/** Options beyond parameter overrides. */
export interface DebateProtocolOptions {
  /** For `adaptive`: the debate preset to escalate to when round 0 disagrees (default `du`). */
  escalate?: string;
}

function presetParams(preset: string, options: DebateProtocolOptions): DebateParams {
  const base = DEBATE_PRESETS[preset];
  if (base === undefined) {
    throw new ConfigError(`unknown protocol "${preset}"`, `known protocols: ${presetNames().join(', ')}`);
  }
  if (options.escalate === undefined) return base.params;
  if (preset !== 'adaptive') throw new ConfigError(`--escalate applies to the adaptive protocol, not "${preset}"`);
  if (options.escalate === 'adaptive' || options.escalate === 'ni') throw new ConfigError(`adaptive debate cannot escalate to "${options.escalate}"`, 'escalate to a debate preset: du, gdp, wr, cr, ra-cr');
  const target = presetParams(options.escalate, {});
  return { ...target, stopOnConsensus: true, consensusCheck: 'round-0', consensusThreshold: base.params.consensusThreshold };
}

/** Resolves a preset plus overrides into validated engine parameters. */
export function resolveDebateParams(preset: string, overrides: DebateOverrides = {}, options: DebateProtocolOptions = {}): DebateParams {
  const base = { params: presetParams(preset, options) };
  const checkedOverrides = debateOverridesSchema.strict().safeParse(overrides);
  if (!checkedOverrides.success) {
    throw new ConfigError(`protocol "${preset}": invalid parameters: ${checkedOverrides.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  }
  const params = debateParamsSchema.parse({ ...base.params, ...checkedOverrides.data });
  if ((params.visibility === 'within-round' || params.visibility === 'all-earlier') && params.order === 'parallel') {
    throw new ConfigError(`protocol "${preset}": ${params.visibility} visibility needs a speaking order`, 'set order to sequential or judge-ranked');
  }
  if (params.wording === 'du' && params.conversation !== 'growing') {
    throw new ConfigError(`protocol "${preset}": Du et al.'s wording is a growing conversation (a fresh prompt would drop the agent's own earlier replies)`, 'set conversation to growing, or wording to quorum');
  }
  if (params.format === 'gdp' && (params.wording === 'du' || params.answerExtraction === 'du')) {
    throw new ConfigError(`protocol "${preset}": Du et al.'s wording and answer extraction are for free-text replies, not GDP steps`, 'set wording and answerExtraction to quorum, or format to free');
  }
  if (params.visibility === 'summary' && params.summarizer !== true) {
    throw new ConfigError(`protocol "${preset}": summary visibility shows the summarizer's summary, but the summarizer is off`, 'set summarizer to true, or choose another visibility');
  }
  if (params.decision !== 'none' && params.aggregate !== 'majority') {
    throw new ConfigError(`protocol "${preset}": the decision rule "${params.decision}" forms the final answer, so aggregate "${params.aggregate}" would be ignored`, 'leave aggregate at majority, or set decision to none');
  }
  return params;
}

/** Creates the debate protocol of a preset with optional overrides. */
export function createDebateProtocol(preset: string, overrides: DebateOverrides = {}, options: DebateProtocolOptions = {}): DebateProtocol {
  return new DebateProtocol(preset, resolveDebateParams(preset, overrides, options));
}
