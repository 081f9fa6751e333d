import type { NotEligibleReason } from '../../spec/audit-result.js';
import { sameAnswer } from './same-answer.js';

/** An agent's final answer (null: unparsed, ambiguous or silent). */
export interface FinalAnswer {
  agent: string;
  answer: string | null;
}

/** S(q) and whether the unit is eligible for CARA. */
export interface AgreementSet {
  /** Agents whose final answer equals the aggregated answer, in the order given. */
  members: string[];
  eligible: boolean;
  /** Empty when eligible. */
  reasons: NotEligibleReason[];
}

/**
 * The agreement set S(q) of DESIGN §6: the agents whose final answer equals
 * the aggregated answer. CARA needs |S(q)| ≥ 2; otherwise the unit is not
 * eligible, with the reason recorded. An unparsed aggregated answer makes
 * S(q) empty; unparsed agent answers never belong to S(q). `recorded` is
 * the set the runner stored in the `final` event, decided by the dataset's
 * answer equality; traces without it (written before, or foreign files
 * stored by an older quorum) fall back to `sameAnswer`.
 */
export function agreementSet(answers: readonly FinalAnswer[], aggregated: string | null, recorded?: readonly string[]): AgreementSet {
  if (aggregated === null) return { members: [], eligible: false, reasons: ['no-aggregated-answer'] };
  const members = answers.filter((entry) => entry.answer !== null && (recorded === undefined ? sameAnswer(entry.answer, aggregated) : recorded.includes(entry.agent))).map((entry) => entry.agent);
  if (members.length < 2) return { members, eligible: false, reasons: ['agreement-set-below-two'] };
  return { members, eligible: true, reasons: [] };
}

/**
 * Narrows eligibility to agreement sets with reasoning: when no member of
 * S(q) has a step, every pair would be empty and CARA-HYB a meaningless 0
 * (with a zero-width interval), so the unit is not eligible, reason
 * `no-rationale`. One member with steps is enough: its empty pairs score 0
 * as DESIGN §6 defines.
 */
export function requireRationale(set: AgreementSet, stepCount: (agent: string) => number): AgreementSet {
  if (!set.eligible || set.members.some((member) => stepCount(member) > 0)) return set;
  return { members: set.members, eligible: false, reasons: ['no-rationale'] };
}
