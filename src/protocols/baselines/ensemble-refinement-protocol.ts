import { z } from 'zod';
import { type ParsedAnswer, statedAnswer } from '../../spec/answer.js';
import type { ChatMessage } from '../../spec/chat.js';
import { ConfigError, ConcurrentFailures } from '../../spec/errors.js';
import type { Agent, Protocol, ProtocolContext } from '../../spec/protocol.js';
import type { TurnEvent } from '../../spec/trace.js';
import { parseTurn } from '../../parsing/parse-turn.js';
import { deriveSeed } from '../../util/seed.js';
import { majorityVote } from '../debate/aggregate.js';
import { writeDraft } from '../debate/agent-turn.js';
import { DEBATE_PRESETS } from '../debate/presets.js';
import { buildTurnMessages } from '../debate/prompts.js';
import { renderQuestion } from '../render-question.js';
import { sampleName } from './self-consistency-protocol.js';

/** Med-PaLM 2's multiple-choice setting: 11 samples in the first stage (Singhal et al. 2023). */
export const DEFAULT_REASONING_SAMPLES = 11;
/** … and 33 refinements in the second stage. */
export const DEFAULT_REFINEMENTS = 33;

/** Parameters of ensemble refinement. */
export const ensembleRefinementParamsSchema = z
  .object({
    /** First stage: independent reasoning paths of the one agent. */
    samples: z.number().int().min(1).max(100).default(DEFAULT_REASONING_SAMPLES),
    /** Second stage: refinements, each conditioned on every first-stage path; 0 votes over the first stage (as DebateLLM does). */
    refinements: z.number().int().min(0).max(100).default(DEFAULT_REFINEMENTS),
    /** First-stage temperature (the paper gives none; DebateLLM's 0.7); null keeps the agent's. */
    temperature: z.number().min(0).max(2).nullable().default(0.7),
    /** Second-stage temperature (DebateLLM lowers the first stage's by 0.2: 0.5); null keeps the agent's. */
    refinementTemperature: z.number().min(0).max(2).nullable().default(0.5),
  })
  .strict();
export type EnsembleRefinementParams = z.infer<typeof ensembleRefinementParamsSchema>;

/**
 * The refinement instruction, after DebateLLM's `aggregation_step_message`
 * (experiments/conf/system/debate_prompts/er_debate.yaml): "Some of them may
 * be correct and some incorrect. You can use the best correct arguments from
 * these reasonings. Beware of wrong reasoning and do not repeat wrong reasoning."
 */
const REFINE_INSTRUCTION =
  'Below are several reasoning paths for this question, sampled independently. Some of them may be correct and some incorrect. You can use the best correct arguments from these reasonings. Beware of wrong reasoning and do not repeat wrong reasoning. Write your own refined explanation and answer.';

/** The name a refinement carries in the trace (`Solver#r2`): the first stage's paths are `Solver#2`. */
export function refinementName(agent: string, index: number): string {
  return `${agent}#r${index}`;
}

/**
 * Ensemble refinement (Singhal et al. 2023, Med-PaLM 2): the agent samples k
 * reasoning paths (round 0, the `ni` prompt, as self-consistency's
 * samples); then, m times, it is shown the question and all k paths and
 * writes a refined explanation and answer (round 1, each refinement saw
 * every path); the final answer is the plurality of the refinements
 * (ties: a seeded draw, recorded in the vote).
 */
export class EnsembleRefinementProtocol implements Protocol {
  readonly name = 'ensemble-refinement';
  readonly params: EnsembleRefinementParams;
  readonly needsJudge = false;

  constructor(params: Record<string, unknown> = {}) {
    const checked = ensembleRefinementParamsSchema.safeParse(params);
    if (!checked.success) throw new ConfigError(`ensemble-refinement: invalid parameters: ${checked.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`, 'ensemble-refinement takes samples, refinements, temperature, refinementTemperature');
    this.params = checked.data;
  }

  async run(context: ProtocolContext): Promise<void> {
    const agent = context.agents[0];
    if (agent === undefined || context.agents.length !== 1) throw new ConfigError(`protocol "ensemble-refinement" samples one agent, got ${context.agents.length}`, 'omit --agents for ensemble-refinement; k is --samples');
    const { samples, refinements, temperature, refinementTemperature } = this.params;
    const sampler = withTemperature(agent, temperature);
    const ni = DEBATE_PRESETS['ni']!.params;
    const settled = await Promise.allSettled(Array.from({ length: samples }, (_, index) => writeDraft(context, ni, { agent: sampler, round: 0, position: index, visible: [], draft: index })));
    ConcurrentFailures.throwIfAny(settled);
    const paths = settled.map((result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof writeDraft>>>).value);
    const firstStage = new Map<string, ParsedAnswer | null>();
    paths.forEach((path, index) => {
      const name = sampleName(agent.name, index);
      context.emit({ ...path.event, agent: name });
      firstStage.set(name, path.answer);
    });
    const firstVote = vote(context, 0, firstStage);
    context.emit(firstVote);
    if (refinements === 0) return this.finish(context, firstVote, firstStage, 1);

    const shown = paths.map((path, index) => ({ name: sampleName(agent.name, index), text: path.record.shown }));
    const refiner = withTemperature(agent, refinementTemperature);
    const refined = await Promise.allSettled(Array.from({ length: refinements }, (_, index) => refine(context, refiner, index, shown)));
    ConcurrentFailures.throwIfAny(refined);
    const secondStage = new Map<string, ParsedAnswer | null>();
    for (const result of refined) {
      const { event, answer } = (result as PromiseFulfilledResult<Awaited<ReturnType<typeof refine>>>).value;
      context.emit(event);
      secondStage.set(event.agent, answer);
    }
    const secondVote = vote(context, 1, secondStage);
    context.emit(secondVote);
    this.finish(context, secondVote, secondStage, 2);
  }

  private finish(context: ProtocolContext, tally: ReturnType<typeof majorityVote>, answers: ReadonlyMap<string, ParsedAnswer | null>, roundsRun: number): void {
    const winner = tally.winner === null ? undefined : [...answers.values()].find((answer) => answer !== null && statedAnswer(answer) === tally.winner);
    const answer = winner === undefined || winner === null ? { status: 'unparsed' as const, value: null, rule: 'no-parseable-answer' } : { ...winner, rule: 'plurality' };
    context.emit({ type: 'final', answer, aggregate: 'majority', roundsRun, stoppedEarly: false });
  }
}

function withTemperature(agent: Agent, temperature: number | null): Agent {
  return temperature === null ? agent : { ...agent, decoding: { ...agent.decoding, temperature } };
}

function vote(context: ProtocolContext, round: number, answers: ReadonlyMap<string, ParsedAnswer | null>) {
  const sheet = new Map([...answers].map(([name, answer]) => [name, answer === null ? null : statedAnswer(answer)]));
  return majorityVote(round, sheet, deriveSeed(context.seed, context.question.id, 'tie-break', round), context.sameAnswer, 'seeded');
}

/** The messages of one refinement: the first stage's system message, then the question, every path and the instruction. */
export function refinementMessages(context: ProtocolContext, agent: Agent, paths: ReadonlyArray<{ name: string; text: string }>): ChatMessage[] {
  const ni = DEBATE_PRESETS['ni']!.params;
  const [system] = buildTurnMessages({ params: ni, question: context.question, agentName: agent.name, persona: agent.persona, round: 0, agentCount: 1, visible: [] });
  const user = [renderQuestion(context.question), REFINE_INSTRUCTION, ...paths.map((path, index) => `[Reasoning path ${index + 1}]\n${path.text}`), 'Give your refined explanation and answer.'].join('\n\n');
  return [system!, { role: 'user', content: user }];
}

async function refine(context: ProtocolContext, agent: Agent, index: number, paths: ReadonlyArray<{ name: string; text: string }>): Promise<{ event: TurnEvent; answer: ParsedAnswer | null }> {
  const name = refinementName(agent.name, index);
  const messages = refinementMessages(context, agent, paths);
  const { parsed, event } = await context.call(agent, { messages, sampleIndex: index }, {
    as: name,
    round: 1,
    position: index,
    saw: paths.map((path) => ({ agent: path.name, round: 0 })),
    seedKey: [agent.name, 1, index],
    parse: (reply) => parseTurn('free', reply.text, reply.json, context.question, { peers: [], answerExtraction: 'quorum' }),
    emit: false,
  });
  return { answer: parsed.answer.status === 'ok' ? parsed.answer : null, event };
}
