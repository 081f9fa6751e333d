import { z } from 'zod';
import { parseAnswer } from '../parsing/parse-answer.js';
import { parseMcqAnswer } from '../parsing/mcq-answer.js';
import type { GdpStep } from '../spec/answer.js';
import type { Question } from '../spec/question.js';
import { importedAnswer, type ImportedTrace } from './imported-trace.js';
import { goldOf } from './imported-gold.js';

const answerSchema = z.union([z.string(), z.number()]).nullable();

const stepSchema = z.union([
  z.string().trim().min(1, 'a step must not be blank'),
  z.strictObject({ claim: z.string().trim().min(1, 'a claim must not be blank'), ground: z.string().optional() }),
]);

const roundSchema = z
  .strictObject({
    /** The answer of this round; when absent it is parsed from the rationale (or steps) by quorum's parsers. */
    answer: answerSchema.optional(),
    rationale: z.string().optional(),
    steps: z.array(stepSchema).optional(),
    /** Agents whose previous-round turns this turn read; default: every other agent (a simultaneous debate). */
    saw: z.array(z.string().trim().min(1)).optional(),
  })
  .refine((round) => round.rationale === undefined || round.steps === undefined, { message: 'give either "rationale" or "steps", not both' });

const agentSchema = z.strictObject({
  name: z.string().trim().min(1),
  model: z.string().optional(),
  persona: z.string().optional(),
  /** Every round's turn, round 0 first; the last is the final round. */
  rounds: z.array(roundSchema).min(1),
});

/**
 * Foreign-trace format v2 (docs/metrics.md, "Foreign traces"): one line
 * per (question, protocol, seed) with every round's turn per agent. Told
 * apart from v1 by `"version": 2`; v1 lines carry no version.
 */
export const foreignTraceV2Schema = z
  .strictObject({
    version: z.literal(2),
    question_id: z.string().trim().min(1),
    question: z.string().optional(),
    /** Multiple-choice options: an object by letter, or a list read as A, B, C, … */
    options: z.union([z.record(z.string().regex(/^[A-Za-z]$/, 'option keys are single letters'), z.string()), z.array(z.string()).min(1)]).optional(),
    gold: answerSchema.optional(),
    dataset: z.string().trim().min(1).optional(),
    protocol: z.string().trim().min(1).optional(),
    seed: z.number().int().nonnegative().optional(),
    aggregated: answerSchema.optional(),
    scoring_points: z.array(z.string().trim().min(1)).optional(),
    agents: z.array(agentSchema).min(1),
    meta: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((trace, context) => {
    const seen = new Set<string>();
    trace.agents.forEach((agent, index) => {
      if (seen.has(agent.name)) context.addIssue({ code: 'custom', path: ['agents', index, 'name'], message: `agent name "${agent.name}" appears twice` });
      seen.add(agent.name);
    });
    trace.agents.forEach((agent, index) =>
      agent.rounds.forEach((round, at) =>
        round.saw?.forEach((peer, position) => {
          if (!seen.has(peer)) context.addIssue({ code: 'custom', path: ['agents', index, 'rounds', at, 'saw', position], message: `no agent "${peer}" in this trace` });
        }),
      ),
    );
  });

export type ForeignTraceV2 = z.infer<typeof foreignTraceV2Schema>;

/** A v2 line as an imported trace, parsing each missing answer from its round's text. */
export function fromForeignTraceV2(trace: ForeignTraceV2): ImportedTrace {
  const options = Array.isArray(trace.options) ? Object.fromEntries(trace.options.map((text, index) => [String.fromCharCode(65 + index), text])) : trace.options;
  const question: Question = { id: trace.question_id, prompt: trace.question ?? trace.question_id, gold: goldOf(trace.gold), ...(options === undefined ? {} : { options }) };
  return {
    questionId: trace.question_id,
    ...(trace.question === undefined ? {} : { question: trace.question }),
    ...(options === undefined ? {} : { options }),
    ...(trace.gold === undefined ? {} : { gold: trace.gold }),
    ...(trace.dataset === undefined ? {} : { dataset: trace.dataset }),
    protocol: trace.protocol ?? 'foreign',
    seed: trace.seed ?? 0,
    ...(trace.aggregated === undefined ? {} : { aggregated: trace.aggregated }),
    ...(trace.scoring_points === undefined ? {} : { scoringPoints: trace.scoring_points }),
    ...(trace.meta === undefined ? {} : { meta: trace.meta }),
    agents: trace.agents.map((agent) => ({
      name: agent.name,
      ...(agent.model === undefined ? {} : { model: agent.model }),
      ...(agent.persona === undefined ? {} : { persona: agent.persona }),
      rounds: agent.rounds.map((round, at) => {
        const steps = round.steps?.map((step): GdpStep => (typeof step === 'string' ? { claim: step, ground: '' } : { claim: step.claim, ground: step.ground ?? '' }));
        const rationale = round.rationale ?? steps?.map((step) => (step.ground === '' ? step.claim : `${step.claim} — ${step.ground}`)).join('\n') ?? '';
        const answer = round.answer !== undefined ? importedAnswer(round.answer) : parsedAnswer(rationale, question);
        const peers = round.saw ?? trace.agents.map((other) => other.name).filter((name) => name !== agent.name);
        const saw = at === 0 ? [] : peers.map((peer) => ({ agent: peer, round: at - 1 }));
        return { answer, rationale, saw, ...(steps === undefined ? {} : { steps }) };
      }),
    })),
  };
}

function parsedAnswer(text: string, question: Question): string | null {
  if (text.trim() === '') return null;
  // options make it a multiple-choice question even without a gold letter
  const parsed = question.options === undefined ? parseAnswer(text, question) : parseMcqAnswer(text, question.options);
  return parsed.status === 'ok' ? importedAnswer(parsed.value) : null;
}
