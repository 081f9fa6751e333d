import type { ProtocolFactory, ProtocolOptions } from '../registry.js';
import { baselineParams } from './baseline-params.js';
import { REWOO_ROLES, RewooProtocol } from './rewoo-protocol.js';

/** ReWOO (Xu et al. 2023): plan with tool calls up front, work, solve. */
const factory = {
  name: 'rewoo',
  paperName: 'ReWOO (Xu et al. 2023)',
  description: 'baseline: a Planner writes every step and tool call up front (#E1 = Tool[input]), a Worker runs the table/passage/calculator tools and LLM calls, a Solver answers from plan and evidence',
  roles: REWOO_ROLES,
  create: (options: ProtocolOptions) => new RewooProtocol(baselineParams('rewoo', options.overrides ?? {}, [])),
  // rebuilds a stored run on a queue worker from its recorded parameters
  fromParams: (params: Readonly<Record<string, unknown>>) => new RewooProtocol({ ...params }),
};

/** The registry entry, through a variable so that `fromParams` (the queue-rebuild hook of the generalised registry) passes the excess-property check where `ProtocolFactory` does not declare it yet. */
export const rewooProtocolFactory: ProtocolFactory = factory;
