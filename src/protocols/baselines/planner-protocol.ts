import { z } from 'zod';
import { ConfigError } from '../../spec/errors.js';
import type { Protocol, ProtocolContext } from '../../spec/protocol.js';
import { sharedOcrService } from '../../tools/ocr/ocr-service.js';
import { ContextAgent } from '../shared-log/context-agent.js';
import { DealogEnv, type OcrReader } from '../shared-log/dealog-env.js';
import { dealogParamsSchema } from '../shared-log/dealog-params.js';
import { EvidenceSources } from '../shared-log/evidence-sources.js';
import { chooseFinalAnswer } from '../shared-log/final-answer.js';
import { verdictMeta } from '../../spec/log-entry.js';
import { SharedLog } from '../shared-log/shared-log.js';
import type { Specialist, TurnState } from '../shared-log/specialist.js';
import { SummarizingAgent } from '../shared-log/summarizing-agent.js';
import { TableAgent } from '../shared-log/table-agent.js';
import { VerificationAgent } from '../shared-log/verification-agent.js';
import { VisualAgent } from '../shared-log/visual-agent.js';
import { callPlanner } from './call-planner.js';
import type { PlanSpecialist, Replan } from './plan.js';

/** Parameters of the planner pipeline: DeALOG's tool settings plus the number of re-plans (after a FLAG or a round without an answer). */
export const plannerParamsSchema = dealogParamsSchema.omit({ maxRounds: true, secondChances: true }).extend({
  /** Re-plans after a FLAG or a round without an answer (0: plan once, execute, answer). */
  replans: z.number().int().min(0).max(10).default(0),
});
export type PlannerParams = z.infer<typeof plannerParamsSchema>;

/** What the pipeline is built from besides its parameters (as `DealogOptions`). */
export interface PlannerOptions {
  ocr?: OcrReader;
}

/**
 * The planner pipeline baseline (fixed plan → execute): a PlannerAgent
 * reads the question and a list of its sources and names the specialist
 * steps; DeALOG's specialists execute them in order (provenance-checked
 * entries in the same log), the SummarizingAgent must answer, the
 * VerificationAgent judges. On a FLAG, or when the plan led to no ANSWER
 * (the summariser, forced to answer, had no value), with `replans` left,
 * the planner is shown why and plans again (a new round). No specialist
 * decides for itself whether to act: that is the difference from DeALOG.
 */
export class PlannerProtocol implements Protocol {
  readonly name = 'planner';
  readonly params: PlannerParams;
  readonly needsJudge = false;
  readonly #options: PlannerOptions;

  constructor(params: Record<string, unknown> = {}, options: PlannerOptions = {}) {
    const parsed = plannerParamsSchema.strict().safeParse(params);
    if (!parsed.success) throw new ConfigError(`protocol "planner": invalid parameters: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    this.params = parsed.data;
    this.#options = options;
  }

  async run(context: ProtocolContext): Promise<void> {
    const { question } = context;
    const engineParams = { ...this.params, maxRounds: this.params.replans + 1, secondChances: 0 };
    const sources = new EvidenceSources(question, this.params.quoteMatch);
    const log = new SharedLog(sources, (event) => context.emit(event));
    const env = new DealogEnv(context, engineParams, log, sources, this.#options.ocr ?? sharedOcrService());
    const specialists: Record<PlanSpecialist, Specialist> = { TableAgent: new TableAgent(env), ContextAgent: new ContextAgent(env), VisualAgent: new VisualAgent(env) };
    // a specialist without a source in the question is never called, whatever the plan says
    const probe: TurnState = { round: 0, lastRound: false };
    const available = new Set(Object.values(specialists).filter((agent) => agent.shouldAct(log, question, probe).act).map((agent) => agent.role));
    const summariser = new SummarizingAgent(env);
    const verifier = new VerificationAgent(env);
    let replan: Replan | undefined;
    let roundsRun = 0;
    for (let round = 0; round <= this.params.replans; round++) {
      roundsRun = round + 1;
      const steps = await callPlanner(env, round, replan);
      const turn: TurnState = { round, lastRound: true };
      for (const [index, step] of steps.entries()) {
        if (!available.has(step.agent)) continue;
        await specialists[step.agent].act(turn, { act: true, reason: `plan step ${index + 1}`, focus: step.focus });
      }
      await summariser.act(turn, { act: true, reason: 'the plan is executed', forceAnswer: true });
      const decision = verifier.shouldAct(log, question, turn);
      if (decision.act) await verifier.act(turn);
      replan = whyReplan(log, round);
      if (replan === undefined) break;
    }
    const choice = chooseFinalAnswer(log.entries, question);
    context.emit({
      type: 'final',
      answer: choice.answer,
      aggregate: choice.aggregate,
      roundsRun,
      stoppedEarly: roundsRun < this.params.replans + 1,
    });
  }
}

// A round ends the pipeline with its ANSWER unless the verifier FLAGged it; a round without an ANSWER calls for another plan too.
function whyReplan(log: SharedLog, round: number): Replan | undefined {
  const answer = log.latest('ANSWER');
  if (answer === undefined || answer.round !== round) {
    const summary = log.accepted().findLast((entry) => entry.type === 'SUMMARY' && entry.round === round);
    return { reason: 'no-answer', detail: summary === undefined ? 'nothing was proposed' : `the summariser wrote "${summary.content}"` };
  }
  const verdict = log.accepted().findLast((entry) => (entry.type === 'OK' || entry.type === 'FLAG') && verdictMeta(entry).answerSeq === answer.seq);
  if (verdict?.type !== 'FLAG') return undefined;
  const target = verdictMeta(verdict).target;
  return { reason: 'flag', detail: `${verdict.content}${target === undefined ? '' : ` (missing: ${target.item})`}` };
}
