import type { AuditModelCalls } from '../spec/audit.js';
import type { AuditQuestionResult } from '../spec/audit-result.js';

/** Model work an audit needed, and what an all-pairs audit would have needed. */
export interface AuditCost {
  /** NLI pairs the best matches need: both orders of every best-match pair (2·(m + n) per agent pair, 2·p per agent for CARA-GT). */
  nliPairs: number;
  /** NLI pairs of scoring every step pair both ways: 2·m·n per agent pair, 2·p·s per agent for CARA-GT. */
  naiveNliPairs: number;
  /** Distinct texts embedded: steps of agreement sets and scoring points of eligible units. */
  embeddedTexts: number;
}

/**
 * The cost figures of a set of audited units, from their results. These
 * count before de-duplication across units: the audit classifies a pair
 * that recurs (or is the best match both ways) only once, so the calls
 * made can be fewer still.
 */
export function auditCost(results: readonly AuditQuestionResult[]): AuditCost {
  let nliPairs = 0;
  let naiveNliPairs = 0;
  const texts = new Set<string>();
  for (const result of results) {
    if (!result.eligible) continue;
    const { details } = result;
    const members = details.agents.filter((agent) => agent.inAgreementSet);
    for (const member of members) for (const step of member.steps) texts.add(step);
    for (const point of details.scoringPoints ?? []) texts.add(point);
    for (const pair of details.pairs) {
      nliPairs += 2 * ((pair.forward?.matches.length ?? 0) + (pair.backward?.matches.length ?? 0));
      const rows = pair.cosine.length;
      naiveNliPairs += 2 * rows * (pair.cosine[0]?.length ?? 0);
    }
    for (const entry of details.groundTruth) {
      nliPairs += 2 * (entry.alignment?.matches.length ?? 0);
      const steps = members.find((member) => member.name === entry.agent)?.steps.length ?? 0;
      naiveNliPairs += 2 * (details.scoringPoints?.length ?? 0) * steps;
    }
  }
  return { nliPairs, naiveNliPairs, embeddedTexts: texts.size };
}

/** The calls made between two readings of a provider's cumulative `modelCalls()`. */
export function modelCallsSince(before: AuditModelCalls, after: AuditModelCalls): AuditModelCalls {
  const keys = Object.keys(after) as Array<keyof AuditModelCalls>;
  return Object.fromEntries(keys.map((key) => [key, after[key] - before[key]])) as unknown as AuditModelCalls;
}
