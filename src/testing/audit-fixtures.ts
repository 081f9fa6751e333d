/**
 * Builders of valid audit records for store tests: a settings object, a
 * summary and per-unit results with the nested details the viewer reads.
 */
import { auditLabel, auditSettings } from '../audit-runner/audit-settings.js';
import { FAILURE_MODES, type AuditGroupSummary, type AuditQuestionRecord, type AuditRecord } from '../spec/audit-result.js';

const estimate = (mean: number | null) => ({ mean, low: mean === null ? null : mean - 0.1, high: mean === null ? null : mean + 0.1, n: mean === null ? 0 : 2 });

function groupSummary(protocol: string): AuditGroupSummary {
  return {
    protocol,
    units: 3,
    eligible: 2,
    notEligible: 1,
    notEligibleReasons: { 'agreement-set-below-two': 1 },
    questions: 2,
    accuracy: 2 / 3,
    agreement: 1 / 3,
    caraHyb: estimate(0.4125),
    sim: estimate(0.7),
    contradictionRate: estimate(0.125),
    caraGt: estimate(null),
    emptyPairs: 1,
    lowCara: { threshold: 0.31, count: 1 },
    failureModes: { ...Object.fromEntries(FAILURE_MODES.map((mode) => [mode, 0])), FM2: 1 } as AuditGroupSummary['failureModes'],
  };
}

/** An audit of `runId` with τ (part of the label). */
export function auditRecord(id: string, runId: string, overrides: Partial<AuditRecord> & { tau?: number } = {}): AuditRecord {
  const settings = auditSettings('wordvec', 'heuristic', { tau: overrides.tau ?? 0.5 });
  const { tau: _tau, ...rest } = overrides;
  return {
    id,
    runId,
    createdAt: '2026-04-01T10:00:00.000Z',
    label: auditLabel(settings),
    settings,
    summary: { groups: [groupSummary('du')], overall: groupSummary('du'), pendingUnits: 0, nliPairs: 20, naiveNliPairs: 48, embeddedTexts: 9, warnings: ['scoring points unavailable'] },
    ...rest,
  };
}

/** An eligible, low-CARA unit result with one scored agent pair. */
export function auditQuestion(auditId: string, unitId: string, questionId: string, overrides: Partial<AuditQuestionRecord> = {}): AuditQuestionRecord {
  return {
    auditId,
    unitId,
    questionId,
    protocol: 'du',
    seed: 1,
    eligible: true,
    reasons: [],
    agreementSet: ['Agent A', 'Agent B'],
    caraHyb: 0.1833333333333333,
    sim: 0.5833333333333334,
    contradictionRate: 0.2,
    caraGt: null,
    failureMode: 'FM2',
    details: {
      aggregated: 'B',
      gold: 'B',
      correct: true,
      agents: [
        { name: 'Agent A', answer: 'B', answers: ['C', 'B'], inAgreementSet: true, steps: ['Atropine blocks M2 receptors', 'Vagal tone slows the node'], ownSteps: 2, moved: true },
        { name: 'Agent B', answer: 'B', answers: ['B', 'B'], inAgreementSet: true, steps: ['Muscarinic blockade raises the rate'], ownSteps: 1, moved: false },
        { name: 'Agent C', answer: null, answers: [null, null], inAgreementSet: false, steps: [], ownSteps: 0, moved: false },
      ],
      pairs: [
        {
          a: 'Agent A',
          b: 'Agent B',
          hyb: 0.1833333333333333,
          sim: 0.5833333333333334,
          empty: false,
          cosine: [[0.8], [0.6]],
          forward: {
            sim: 0.7,
            hyb: -0.1,
            matches: [
              { step: 0, match: 0, cosine: 0.8, contradiction: [0, 0.01], flagged: false },
              { step: 1, match: 0, cosine: 0.6, contradiction: [0.7, 0.2], flagged: true },
            ],
          },
          backward: { sim: 0.8, hyb: 0.8, matches: [{ step: 0, match: 0, cosine: 0.8, contradiction: [0.01, 0], flagged: false }] },
        },
      ],
      scoringPoints: null,
      groundTruth: [],
      bestMatchPairs: 3,
      flaggedPairs: 1,
      vagueSteps: 0,
      agreementSetSteps: 3,
      lowCara: true,
      failureModes: ['FM2', 'FM6'],
    },
    ...overrides,
  };
}

/** A not-eligible unit result. */
export function notEligibleQuestion(auditId: string, unitId: string, questionId: string): AuditQuestionRecord {
  const base = auditQuestion(auditId, unitId, questionId);
  return {
    ...base,
    eligible: false,
    reasons: ['agreement-set-below-two'],
    agreementSet: ['Agent A'],
    caraHyb: null,
    sim: null,
    contradictionRate: null,
    failureMode: null,
    details: { ...base.details, pairs: [], bestMatchPairs: 0, flaggedPairs: 0, lowCara: false, failureModes: [] },
  };
}
