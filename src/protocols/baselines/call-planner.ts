import { ConfigError } from '../../spec/errors.js';
import type { DealogEnv } from '../shared-log/dealog-env.js';
import { noAnswerTurn } from '../shared-log/agent-call.js';
import { PLANNER_ROLE, planMessages, readPlan, type PlanStep, type Replan } from './plan.js';

/** Asks the PlannerAgent for a plan (one recorded turn that carries no answer); `replan` says why the last one failed. */
export async function callPlanner(env: DealogEnv, round: number, replan?: Replan): Promise<PlanStep[]> {
  const { context } = env;
  const agent = context.agents.find((candidate) => candidate.name === PLANNER_ROLE);
  if (agent === undefined) throw new ConfigError(`the planner baselines need an agent named ${PLANNER_ROLE}`, 'run them without --agents: the runner creates one agent per role');
  let plan: { steps: PlanStep[]; fallback: boolean } = { steps: [], fallback: true };
  await context.call(agent, { messages: planMessages(context.question, replan) }, {
    round,
    position: env.nextPosition(round),
    purpose: 'plan',
    parse: ({ text }) => {
      plan = readPlan(text, context.question);
      const rationale = plan.steps.map((step, index) => `${index + 1}. ${step.agent}: ${step.focus}`).join('\n');
      return noAnswerTurn(rationale, plan.fallback ? 'failed' : 'json', plan.fallback ? ['no usable plan in the reply; every specialist looks for the question'] : []);
    },
  });
  return plan.steps;
}
