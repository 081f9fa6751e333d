import type { ProtocolFactory } from '../registry.js';
import { baselineParams } from './baseline-params.js';
import { REWOO_ROLES, RewooProtocol } from './rewoo-protocol.js';

/** ReWOO (Xu et al. 2023): plan with tool calls up front, work, solve. */
export const rewooProtocolFactory: ProtocolFactory = {
  name: 'rewoo',
  paperName: 'ReWOO (Xu et al. 2023)',
  description: 'baseline: a Planner writes every step and tool call up front (#E1 = Tool[input]), a Worker runs the table/passage/calculator tools and LLM calls, a Solver answers from plan and evidence',
  roles: REWOO_ROLES,
  create: (options) => new RewooProtocol(baselineParams('rewoo', options.overrides ?? {}, [])),
};
