import type { AuditQuestionRecord } from '../../src/spec/audit-result.js';

/**
 * A per-unit audit result with given scores: only the fields validation
 * reads are meaningful (the details are empty but valid).
 */
export function auditedUnit(questionId: string, caraHyb: number | null, sim: number | null, options: { seed?: number; protocol?: string; agreementSet?: string[]; unitId?: string } = {}): AuditQuestionRecord {
  const eligible = caraHyb !== null;
  const seed = options.seed ?? 1;
  const protocol = options.protocol ?? 'du';
  return {
    auditId: 'audit-1',
    unitId: options.unitId ?? `unit-${protocol}-${questionId}-${seed}`,
    questionId,
    protocol,
    seed,
    eligible,
    reasons: eligible ? [] : ['agreement-set-below-two'],
    agreementSet: options.agreementSet ?? (eligible ? ['Agent A', 'Agent B'] : ['Agent A']),
    caraHyb,
    sim,
    contradictionRate: eligible ? 0 : null,
    caraGt: null,
    failureMode: null,
    details: {
      aggregated: 'B',
      gold: null,
      correct: null,
      agents: [],
      pairs: [],
      scoringPoints: null,
      groundTruth: [],
      bestMatchPairs: 0,
      flaggedPairs: 0,
      vagueSteps: 0,
      agreementSetSteps: 0,
      lowCara: false,
      failureModes: [],
    },
  };
}
