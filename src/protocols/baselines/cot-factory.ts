import type { ProtocolFactory } from '../registry.js';
import { baselineParams } from './baseline-params.js';
import { COT_ROLES, CotProtocol } from './cot-protocol.js';

/** The registry entry of the chain-of-thought baseline: one agent, named `Solver`. */
export const cotProtocolFactory: ProtocolFactory = {
  name: 'cot',
  paperName: 'single-agent chain-of-thought (CoT) baseline',
  description: 'baseline: single-agent chain-of-thought over the rendered context (tables, passages, captions)',
  roles: COT_ROLES,
  create: (options) => new CotProtocol(baselineParams('cot', options.overrides ?? {}, [])),
  fromParams: (params) => new CotProtocol({ ...params }),
};
