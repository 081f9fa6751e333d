import { ConfigError } from '../../spec/errors.js';
import type { ProtocolFactory, ProtocolOptions } from '../registry.js';
import { DealogProtocol } from './dealog-protocol.js';
import { DEALOG_ROLES } from './dealog-params.js';

/**
 * The registry entry of DeALOG: fixed roles (the runner creates one agent
 * per role on `--backend`, named after it). Of the CLI's protocol overrides
 * only `rounds` applies (`--rounds n` → `maxRounds: n`, n ≥ 1).
 */
export const dealogProtocolFactory: ProtocolFactory = {
  name: 'dealog',
  paperName: 'DeALOG, decentralised agents over a shared log',
  description: 'DeALOG: five role agents coordinating through a provenance-checked shared log, no planner',
  roles: DEALOG_ROLES,
  create: (options: ProtocolOptions) => new DealogProtocol(dealogParamsFromOverrides(options.overrides ?? {})),
  fromParams: (params) => new DealogProtocol({ ...params }),
};

/** Maps the CLI's protocol overrides onto DeALOG parameters; debate-only overrides are a `ConfigError`. */
export function dealogParamsFromOverrides(overrides: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (key === 'rounds') {
      if (value === 0) throw new ConfigError('dealog needs at least one round', 'pass --rounds 1 or more (default 6)');
      params['maxRounds'] = value;
    } else {
      throw new ConfigError(`--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)} does not apply to dealog`, 'dealog takes --rounds (its maximum number of rounds)');
    }
  }
  return params;
}
