import { z } from 'zod';
import { type ParsedAnswer, statedAnswer } from '../../spec/answer.js';
import { ConfigError, ConcurrentFailures } from '../../spec/errors.js';
import type { Protocol, ProtocolContext } from '../../spec/protocol.js';
import { deriveSeed } from '../../util/seed.js';
import { majorityVote } from '../debate/aggregate.js';
import { writeDraft } from '../debate/agent-turn.js';
import { DEBATE_PRESETS } from '../debate/presets.js';

/** The one role of self-consistency: one agent, sampled k times. */
export const SELF_CONSISTENCY_ROLES = ['Solver'] as const;

/** Wang et al.'s main results sample 40 reasoning paths per question. */
export const DEFAULT_SAMPLES = 40;
/** Wang et al.'s temperature for GPT-3 and PaLM (0.5 for UL2 and LaMDA). */
export const DEFAULT_SAMPLE_TEMPERATURE = 0.7;

/** Parameters of self-consistency. */
export const selfConsistencyParamsSchema = z
  .object({
    /** k: independent samples of the one agent (default 40, Wang et al.'s main setting). */
    samples: z.number().int().min(1).max(200).default(DEFAULT_SAMPLES),
    /** Sampling temperature of every sample; null keeps the agent's own decoding. */
    temperature: z.number().min(0).max(2).nullable().default(DEFAULT_SAMPLE_TEMPERATURE),
  })
  .strict();
export type SelfConsistencyParams = z.infer<typeof selfConsistencyParamsSchema>;

/** The name a sample carries in the trace: the agent's, with its sample index (`Solver#3`), as drafts are named. */
export function sampleName(agent: string, index: number): string {
  return `${agent}#${index}`;
}

/**
 * Self-consistency (Wang et al., ICLR 2023): k independent chain-of-thought
 * samples of one agent, the final answer the plurality of their answers.
 * Each sample is the `ni` round-0 prompt, with its own seed and sample index
 * (`deriveSeed(seed, question, agent, 0, i)`, `sampleIndex: i`), so the
 * completion cache holds k different completions. Samples are `turn` events
 * of round 0 named `Solver#i`: each saw nothing, and the agreement set is
 * the samples that gave the winning answer.
 */
export class SelfConsistencyProtocol implements Protocol {
  readonly name: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly needsJudge = false;
  private readonly settings: SelfConsistencyParams;

  /** `extra` is recorded beside the parameters (sc-matched's derivation of k). */
  constructor(name: string, params: SelfConsistencyParams, extra: Record<string, unknown> = {}) {
    this.name = name;
    this.settings = params;
    this.params = { ...params, ...extra };
  }

  async run(context: ProtocolContext): Promise<void> {
    const agent = context.agents[0];
    if (agent === undefined || context.agents.length !== 1) throw new ConfigError(`protocol "${this.name}" samples one agent, got ${context.agents.length}`, `omit --agents for ${this.name}; k is --samples`);
    const { samples, temperature } = this.settings;
    const sampler = temperature === null ? agent : { ...agent, decoding: { ...agent.decoding, temperature } };
    const params = DEBATE_PRESETS['ni']!.params;
    // in parallel, emitted in sample order so traces are reproducible
    // settled, not Promise.all: every failed sample gets its own error event
    const settled = await Promise.allSettled(Array.from({ length: samples }, (_, index) => writeDraft(context, params, { agent: sampler, round: 0, position: index, visible: [], draft: index })));
    ConcurrentFailures.throwIfAny(settled);
    const drafts = settled.map((result) => (result as PromiseFulfilledResult<Awaited<ReturnType<typeof writeDraft>>>).value);
    const answers = new Map<string, ParsedAnswer | null>();
    drafts.forEach((draft, index) => {
      const name = sampleName(agent.name, index);
      context.emit({ ...draft.event, agent: name });
      answers.set(name, draft.answer);
    });
    const sheet = new Map([...answers].map(([name, answer]) => [name, answer === null ? null : statedAnswer(answer)]));
    const vote = majorityVote(0, sheet, deriveSeed(context.seed, context.question.id, 'tie-break', 0), context.sameAnswer, 'seeded');
    context.emit(vote);
    const winner = vote.winner === null ? undefined : [...answers.values()].find((answer) => answer !== null && statedAnswer(answer) === vote.winner);
    const answer = winner === undefined || winner === null ? { status: 'unparsed' as const, value: null, rule: 'no-parseable-answer' } : { ...winner, rule: 'majority' };
    context.emit({ type: 'final', answer, aggregate: 'majority', roundsRun: 1, stoppedEarly: false });
  }
}
