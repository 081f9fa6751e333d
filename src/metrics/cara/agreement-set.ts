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
 * S(q) empty; unparsed agent answers never belong to S(q).
 */
export function agreementSet(answers: readonly FinalAnswer[], aggregated: string | null): AgreementSet {
  if (aggregated === null) return { members: [], eligible: false, reasons: ['no-aggregated-answer'] };
  const members = answers.filter((entry) => sameAnswer(entry.answer, aggregated)).map((entry) => entry.agent);
  if (members.length < 2) return { members, eligible: false, reasons: ['agreement-set-below-two'] };
  return { members, eligible: true, reasons: [] };
}
