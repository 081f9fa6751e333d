import type { Protocol, ProtocolContext } from '../../spec/protocol.js';
import type { QuestionLike } from '../../spec/question.js';
import { sharedOcrService } from '../../tools/ocr/ocr-service.js';
import { ContextAgent } from '../shared-log/context-agent.js';
import { DealogEnv, type OcrReader } from '../shared-log/dealog-env.js';
import { type DealogParams, resolveDealogParams } from '../shared-log/dealog-params.js';
import { EvidenceSources } from '../shared-log/evidence-sources.js';
import { chooseFinalAnswer } from '../shared-log/final-answer.js';
import { runScheduler } from '../shared-log/scheduler.js';
import { SharedLog } from '../shared-log/shared-log.js';
import type { ActDecision, LogAgent, Specialist, TurnState } from '../shared-log/specialist.js';
import { SummarizingAgent } from '../shared-log/summarizing-agent.js';
import { TableAgent } from '../shared-log/table-agent.js';
import { VerificationAgent } from '../shared-log/verification-agent.js';
import { VisualAgent } from '../shared-log/visual-agent.js';
import { callPlanner } from './call-planner.js';
import type { PlanStep } from './plan.js';

/**
 * A specialist that follows the plan in round 0 (acts only when the plan
 * names it, with the plan's focus) and DeALOG's own `shouldAct` afterwards.
 */
class PlannedSpecialist implements LogAgent {
  readonly #inner: Specialist;
  readonly #steps: readonly PlanStep[];

  constructor(inner: Specialist, steps: readonly PlanStep[]) {
    this.#inner = inner;
    this.#steps = steps.filter((step) => step.agent === inner.role);
  }

  get role(): Specialist['role'] {
    return this.#inner.role;
  }

  shouldAct(log: SharedLog, question: QuestionLike, turn: TurnState): ActDecision {
    const own = this.#inner.shouldAct(log, question, turn);
    if (turn.round > 0 || !own.act) return own;
    if (this.#steps.length === 0) return { act: false, reason: 'not in the plan' };
    return { act: true, reason: `plan: ${this.#steps.length} step(s)`, focus: this.#steps.map((step) => step.focus).join('; ') };
  }

  act(turn: TurnState, decision: ActDecision): Promise<void> {
    return this.#inner.act(turn, decision);
  }
}

/**
 * The plan→log hybrid: the PlannerAgent plans round 0 (which specialists
 * look, for what); from then on DeALOG's scheduler runs the shared log as
 * usual (specialists decide from SUMMARY's missing items and FLAGs, second
 * chance, termination). Parameters are DeALOG's.
 */
export class PlanLogProtocol implements Protocol {
  readonly name = 'plan-log';
  readonly params: DealogParams;
  readonly needsJudge = false;
  readonly #options: { ocr?: OcrReader };

  constructor(params: Record<string, unknown> = {}, options: { ocr?: OcrReader } = {}) {
    this.params = resolveDealogParams(params);
    this.#options = options;
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question } = context;
    const sources = new EvidenceSources(question, this.params.quoteMatch);
    const log = new SharedLog(sources, (event) => context.emit(event));
    const env = new DealogEnv(context, this.params, log, sources, this.#options.ocr ?? sharedOcrService());
    const steps = await callPlanner(env, 0);
    const outcome = await runScheduler(env, {
      specialists: [new TableAgent(env), new ContextAgent(env), new VisualAgent(env)].map((agent) => new PlannedSpecialist(agent, steps)),
      summariser: new SummarizingAgent(env),
      verifier: new VerificationAgent(env),
    });
    const choice = chooseFinalAnswer(log.entries, question);
    context.emit({
      type: 'final',
      answer: choice.answer,
      aggregate: choice.aggregate,
      roundsRun: outcome.roundsRun,
      stoppedEarly: outcome.roundsRun < this.params.maxRounds,
    });
  }
}
