import type { ChatMessage } from '../../spec/chat.js';
import type { QuestionLike } from '../../spec/question.js';
import { parseJsonObject } from '../../parsing/json-answer-field.js';

/** The specialists a plan can call on. */
export const PLAN_SPECIALISTS = ['TableAgent', 'ContextAgent', 'VisualAgent'] as const;
export type PlanSpecialist = (typeof PLAN_SPECIALISTS)[number];

/** One plan step: a specialist and what it should look for. */
export interface PlanStep {
  agent: PlanSpecialist;
  focus: string;
}

/** The planner's role, named like DeALOG's agents. */
export const PLANNER_ROLE = 'PlannerAgent';

/** What the planner is told about a question's sources (no content: it plans, the specialists read). */
export function describeSources(question: QuestionLike): string {
  const context = question.context ?? {};
  const lines = [
    ...(context.tables ?? []).map((table) => `- table "${table.id}": ${table.rows.length} rows, columns ${table.header.map((name) => `"${name}"`).join(', ')} (TableAgent)`),
    ...((context.passages ?? []).length === 0 ? [] : [`- ${context.passages!.length} text passages (ContextAgent)`]),
    ...(context.images ?? []).map((image) => `- image "${image.id}"${image.caption === undefined ? '' : `: ${image.caption}`} (VisualAgent)`),
  ];
  return lines.length === 0 ? '- none' : lines.join('\n');
}

/** Why the planner plans again: the verifier FLAGged the last answer, or the last plan led to no answer at all. */
export interface Replan {
  reason: 'flag' | 'no-answer';
  /** The FLAG (with the item it names), or what the summariser reported instead of an answer. */
  detail: string;
}

const REPLAN_OPENING: Readonly<Record<Replan['reason'], string>> = {
  flag: 'The verifier rejected the last answer',
  'no-answer': 'The last plan led to no answer',
};

/** The planner's messages: the question, its sources, and why the last plan failed when re-planning. */
export function planMessages(question: QuestionLike, replan?: Replan): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You plan how specialists gather the evidence for a question. TableAgent looks up table cells, ContextAgent quotes passages, VisualAgent reads images. ' +
        'Reply with JSON: {"steps": [{"agent": "TableAgent", "focus": "what to look up"}]}, at most 6 steps, only agents whose sources exist.',
    },
    {
      role: 'user',
      content: [`Question: ${question.prompt}`, `Sources:\n${describeSources(question)}`, ...(replan === undefined ? [] : [`${REPLAN_OPENING[replan.reason]}: ${replan.detail}\nPlan the evidence still needed.`])].join('\n\n'),
    },
  ];
}

/**
 * Reads a plan from the planner's reply; steps naming an unknown agent or
 * no focus are dropped. An empty or unreadable plan falls back to every
 * specialist looking for the question itself (the pipeline still runs).
 */
export function readPlan(text: string, question: QuestionLike): { steps: PlanStep[]; fallback: boolean } {
  const json = parseJsonObject(text);
  const raw = Array.isArray(json?.['steps']) ? (json['steps'] as unknown[]) : [];
  const steps = raw.flatMap((step): PlanStep[] => {
    if (step === null || typeof step !== 'object') return [];
    const { agent, focus } = step as Record<string, unknown>;
    if (typeof agent !== 'string' || !(PLAN_SPECIALISTS as readonly string[]).includes(agent)) return [];
    return [{ agent: agent as PlanSpecialist, focus: typeof focus === 'string' && focus.trim() !== '' ? focus.trim() : question.prompt }];
  });
  if (steps.length > 0) return { steps: steps.slice(0, 6), fallback: false };
  return { steps: PLAN_SPECIALISTS.map((agent) => ({ agent, focus: question.prompt })), fallback: true };
}
