import { z } from 'zod';
import type { ParsedAnswer } from '../../spec/answer.js';
import { ConfigError } from '../../spec/errors.js';
import type { Agent, Protocol, ProtocolContext } from '../../spec/protocol.js';
import type { TurnRef } from '../../spec/trace.js';
import { noAnswerTurn } from '../shared-log/agent-call.js';
import { baselineAnswer } from './baseline-answer.js';
import { describeSources } from './plan.js';
import { readRewooPlan, substituteEvidence } from './rewoo-plan.js';
import { LLM_TOOL_DESCRIPTION, REWOO_TOOLS } from './rewoo-tools.js';

/** ReWOO's three roles; with one backend they are one model in three roles, as in the paper's main setting. */
export const REWOO_ROLES = ['Planner', 'Worker', 'Solver'] as const;

/** ReWOO takes no parameters in quorum (its tools are fixed); the schema keeps the registry uniform. */
export const rewooParamsSchema = z.object({}).strict();

// ReWOO's planner prefix and suffix (prompts/planner.py, DEFAULT_PREFIX and DEFAULT_SUFFIX), quoted
const PLANNER_PREFIX =
  'For the following tasks, make plans that can solve the problem step-by-step. For each plan, indicate which external tool together with tool input to retrieve evidence. You can store the evidence into a variable #E that can be called by later tools. (Plan, #E1, Plan, #E2, Plan, ...) \n\n';
const PLANNER_SUFFIX = 'Begin! Describe your plans with rich details. Each Plan should be followed by only one #E.\n\n';
// quorum's addition: ReWOO's zero-shot planner has only the prefix to go on, so the line format is spelled out
const PLANNER_FORMAT = 'Write each step as two lines: "Plan: <what to do>" then "#E<n> = <Tool>[<input>]"; a later input may use an earlier #E.\n\n';
// ReWOO's solver prefix and suffix (prompts/solver.py), quoted
const SOLVER_PREFIX =
  'Solve the following task or problem. To assist you, we provide some plans and corresponding evidences that might be helpful. Notice that some of these information contain noise so you should trust them with caution.\n\n';
const SOLVER_SUFFIX = '\nNow begin to solve the task or problem. Respond with the answer directly with no extra words.\n\n';

/**
 * ReWOO (Xu et al. 2023, "Reasoning WithOut Observation", billxbf/ReWOO
 * `PWS`): the Planner writes the whole plan up front — "Plan:" lines each
 * followed by `#En = Tool[input]` — without seeing any evidence; the Worker
 * runs the steps in order, substituting earlier evidence for `#En` in later
 * inputs; the Solver answers from the plan and the evidence. Tools are
 * quorum's table-QA tools (`REWOO_TOOLS`) and ReWOO's `LLM` worker, a model
 * call of the Worker agent. Every model call is a recorded turn: the
 * Planner's (round 0) and each LLM step's (round n for `#En`) propose no
 * answer; the Solver's (last round) carries the answer.
 */
export class RewooProtocol implements Protocol {
  readonly name = 'rewoo';
  readonly params: Readonly<Record<string, unknown>> = {};
  readonly needsJudge = false;

  constructor(params: Record<string, unknown> = {}) {
    if (!rewooParamsSchema.safeParse(params).success) throw new ConfigError(`protocol "rewoo" takes no parameters (got ${Object.keys(params).join(', ')})`, 'run rewoo without --rounds and other protocol flags');
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question } = context;
    const [planner, worker, solver] = REWOO_ROLES.map((role) => roleAgent(context, role));
    const input = `Question: ${question.prompt}`;
    const tools = [...REWOO_TOOLS.map((tool) => `${tool.name}[input]: ${tool.description}`), `LLM[input]: ${LLM_TOOL_DESCRIPTION}`];
    const plannerPrompt = `${PLANNER_PREFIX}Tools can be one of the following:\n${tools.join('\n')}\n\n${PLANNER_FORMAT}${PLANNER_SUFFIX}${input}\nSources:\n${describeSources(question).replace(/ \((?:Table|Context|Visual)Agent\)$/gm, '')}\n`;
    let steps: ReturnType<typeof readRewooPlan> = [];
    await context.call(planner!, { messages: [{ role: 'user', content: plannerPrompt }] }, {
      round: 0,
      purpose: 'plan',
      parse: ({ text }) => {
        steps = readRewooPlan(text);
        return noAnswerTurn(text.trim(), 'text', steps.length === 0 ? ['no "#En = Tool[input]" line in the plan: the solver answers without evidence'] : []);
      },
    });

    const planRef: TurnRef = { agent: planner!.name, round: 0, draft: 0 };
    const evidence = new Map<string, string>();
    const llmTurns = new Map<string, TurnRef>();
    for (const [index, step] of steps.entries()) {
      const toolInput = substituteEvidence(step.input, evidence);
      if (step.tool === 'LLM') {
        const round = index + 1;
        const used = [...step.input.matchAll(/#E\d+/g)].map(([variable]) => llmTurns.get(variable)).filter((turn): turn is TurnRef => turn !== undefined);
        const { response } = await context.call(worker!, { messages: [{ role: 'user', content: toolInput }] }, { round, purpose: 'llm-tool', saw: [planRef, ...used], parse: ({ text }) => noAnswerTurn(text.trim(), 'text') });
        evidence.set(step.variable, response.text.trim());
        llmTurns.set(step.variable, { agent: worker!.name, round, draft: 0 });
        continue;
      }
      const tool = REWOO_TOOLS.find((candidate) => candidate.name === step.tool);
      // as ReWOO: a step without a tool call is its own evidence, an unknown tool finds nothing
      evidence.set(step.variable, step.tool === undefined ? step.input : tool === undefined ? 'No evidence found' : tool.run(toolInput, question));
    }

    const workerLog = steps.map((step) => `${step.plan}\nEvidence:\n${evidence.get(step.variable) ?? 'No evidence found'}\n`).join('');
    let answer: ParsedAnswer = { status: 'unparsed', value: null, rule: 'no-solver-answer' };
    await context.call(solver!, { messages: [{ role: 'user', content: `${SOLVER_PREFIX}${input}\n${workerLog}${SOLVER_SUFFIX}${input}\n` }] }, {
      round: steps.length + 1,
      purpose: 'solve',
      saw: [planRef, ...llmTurns.values()],
      parse: ({ text }) => {
        // the solver answers "directly with no extra words"; an "Answer:" line is read as such
        answer = baselineAnswer(/answer\s*:/i.test(text) ? text : `Answer: ${text.trim()}`, question);
        return { answer, rationale: text, source: 'text' };
      },
    });
    context.emit({ type: 'final', answer, aggregate: 'single', roundsRun: 1, stoppedEarly: false });
  }
}

function roleAgent(context: ProtocolContext, role: string): Agent {
  const agent = context.agents.find((candidate) => candidate.name === role);
  if (agent === undefined) throw new ConfigError(`protocol "rewoo" needs an agent named ${role}`, 'run it without --agents: the runner creates one agent per role (Planner, Worker, Solver)');
  return agent;
}
