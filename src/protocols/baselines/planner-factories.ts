import type { ProtocolFactory } from '../registry.js';
import { DEALOG_ROLES } from '../shared-log/dealog-params.js';
import { baselineParams } from './baseline-params.js';
import { PLANNER_ROLE } from './plan.js';
import { PlanLogProtocol } from './plan-log-protocol.js';
import { PlannerProtocol } from './planner-protocol.js';

/** The planner baselines' agents: the PlannerAgent, then DeALOG's five roles. */
export const PLANNER_ROLES = [PLANNER_ROLE, ...DEALOG_ROLES] as const;

/** `planner`: fixed plan → execute; `--rounds n` allows n − 1 re-plans after a FLAG or a round without an answer. */
export const plannerProtocolFactory: ProtocolFactory = {
  name: 'planner',
  paperName: 'planner pipeline baseline (fixed plan, then execute)',
  description: 'baseline: a PlannerAgent fixes the specialist steps, they execute, the summariser answers, the verifier judges (re-plan after a FLAG or no answer with --rounds > 1)',
  roles: PLANNER_ROLES,
  create: (options) => {
    const params = baselineParams('planner', options.overrides ?? {}, ['maxRounds']);
    const { maxRounds, ...rest } = params;
    return new PlannerProtocol({ ...rest, ...(typeof maxRounds === 'number' ? { replans: maxRounds - 1 } : {}) });
  },
  fromParams: (params) => new PlannerProtocol({ ...params }),
};

/** `plan-log`: the planner plans round 0, DeALOG's shared-log scheduler takes over (`--rounds` = its maximum rounds). */
export const planLogProtocolFactory: ProtocolFactory = {
  name: 'plan-log',
  paperName: 'plan→log hybrid baseline',
  description: 'baseline: plan→log hybrid, a planned first round then the DeALOG shared-log scheduler',
  roles: PLANNER_ROLES,
  create: (options) => new PlanLogProtocol(baselineParams('plan-log', options.overrides ?? {}, ['maxRounds'])),
  fromParams: (params) => new PlanLogProtocol({ ...params }),
};
