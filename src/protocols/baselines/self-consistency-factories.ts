import { ConfigError } from '../../spec/errors.js';
import type { ProtocolFactory } from '../registry.js';
import { computeMatchSchema, matchedSamples } from './compute-match.js';
import { SELF_CONSISTENCY_ROLES, SelfConsistencyProtocol, selfConsistencyParamsSchema } from './self-consistency-protocol.js';

const MATCH_KEYS = Object.keys(computeMatchSchema.shape);

// The CLI's and run file's overrides, checked against what the protocol takes (a flag that does not apply is an error, as for cot).
function pick(protocol: string, overrides: Record<string, unknown>, accepts: readonly string[]): Record<string, unknown> {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const unknown = Object.keys(given).filter((key) => !accepts.includes(key));
  if (unknown.length > 0) throw new ConfigError(`${unknown.join(', ')} ${unknown.length === 1 ? 'does' : 'do'} not apply to ${protocol}`, `${protocol} takes ${accepts.join(', ')}`);
  return given;
}

function selfConsistencyParams(protocol: string, values: Record<string, unknown>) {
  const checked = selfConsistencyParamsSchema.safeParse(values);
  if (!checked.success) throw new ConfigError(`${protocol}: invalid parameters: ${checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`);
  return checked.data;
}

// k as recorded: sc-matched's derivation is kept beside it (`matched`), not redone, since a matched run may no longer exist
function fromRecorded(name: string, params: Readonly<Record<string, unknown>>): SelfConsistencyProtocol {
  const { matched, ...settings } = params;
  return new SelfConsistencyProtocol(name, selfConsistencyParams(name, settings), matched === undefined ? {} : { matched });
}

/** Self-consistency (Wang et al. 2023): k samples of one agent, plurality vote. */
export const selfConsistencyProtocolFactory: ProtocolFactory = {
  name: 'self-consistency',
  paperName: 'Self-consistency (Wang et al. 2023)',
  description: 'baseline: k independent samples of one agent (default 40, temperature 0.7), plurality vote (Wang et al. 2023)',
  roles: SELF_CONSISTENCY_ROLES,
  create: (options) => new SelfConsistencyProtocol('self-consistency', selfConsistencyParams('self-consistency', pick('self-consistency', options.overrides ?? {}, ['samples', 'temperature']))),
  fromParams: (params) => fromRecorded('self-consistency', params),
};

/**
 * Compute-matched self-consistency: k is the compared protocol's calls
 * per unit (a debate preset's planned calls, or a stored run's measured
 * calls or tokens), recorded as `matched` in the run's parameters. With
 * nothing to match it matches `du`.
 */
export const scMatchedProtocolFactory: ProtocolFactory = {
  name: 'sc-matched',
  paperName: 'Compute-matched self-consistency (quorum)',
  description: "baseline: self-consistency with k set to a compared protocol's calls or tokens per unit (--match du, or --match <run-id>)",
  roles: SELF_CONSISTENCY_ROLES,
  create: (options) => {
    const { temperature, ...match } = pick('sc-matched', options.overrides ?? {}, ['temperature', ...MATCH_KEYS]);
    const target = match['match'] === undefined && match['matchCalls'] === undefined && match['matchTokens'] === undefined ? { ...match, match: 'du' } : match;
    const { samples, derivation } = matchedSamples(target);
    const params = selfConsistencyParams('sc-matched', { samples, ...(temperature === undefined ? {} : { temperature }) });
    return new SelfConsistencyProtocol('sc-matched', params, { matched: derivation });
  },
  fromParams: (params) => fromRecorded('sc-matched', params),
};
