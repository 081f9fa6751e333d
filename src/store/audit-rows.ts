import type { Insertable, Selectable } from 'kysely';
import type { AuditQuestionRecord, AuditRecord, AuditScoreRecord, FailureMode, NotEligibleReason } from '../spec/audit-result.js';
import { StoreError } from '../spec/errors.js';
import type { AuditQuestionsTable, AuditsTable } from './schema.js';

const BUG_HINT = 'the audit was not stored; this is a bug in the code that built it, please report it';

/** An audit as a row. */
export function auditRow(audit: AuditRecord): Insertable<AuditsTable> {
  return {
    id: audit.id,
    run_id: audit.runId,
    created_at: audit.createdAt,
    label: audit.label,
    settings: JSON.stringify(audit.settings),
    summary: JSON.stringify(audit.summary),
  };
}

/**
 * Per-unit results as rows, after checking that they belong to the audit,
 * that no unit repeats and that every score is a finite number or null
 * (JSON would silently turn NaN into null).
 */
export function auditQuestionRows(audit: AuditRecord, questions: readonly AuditQuestionRecord[]): Array<Insertable<AuditQuestionsTable>> {
  const seen = new Set<string>();
  return questions.map((question, position) => {
    if (question.auditId !== audit.id) {
      throw new StoreError(`audit ${audit.id}: result ${position} belongs to audit ${question.auditId}`, BUG_HINT);
    }
    if (seen.has(question.unitId)) throw new StoreError(`audit ${audit.id}: unit ${question.unitId} appears twice`, BUG_HINT);
    seen.add(question.unitId);
    for (const [name, value] of [['caraHyb', question.caraHyb], ['sim', question.sim], ['contradictionRate', question.contradictionRate], ['caraGt', question.caraGt]] as const) {
      if (value !== null && !Number.isFinite(value)) throw new StoreError(`audit ${audit.id}: unit ${question.unitId} has ${name} = ${value}`, BUG_HINT);
    }
    return {
      audit_id: audit.id,
      position,
      unit_id: question.unitId,
      question_id: question.questionId,
      protocol: question.protocol,
      seed: question.seed,
      eligible: question.eligible ? 1 : 0,
      reasons: JSON.stringify(question.reasons),
      cara_hyb: question.caraHyb,
      sim: question.sim,
      contradiction_rate: question.contradictionRate,
      cara_gt: question.caraGt,
      failure_mode: question.failureMode,
      details: JSON.stringify({ agreementSet: question.agreementSet, details: question.details }),
      agreement_size: question.agreementSet.length,
      low_cara: question.details.lowCara ? 1 : 0,
    };
  });
}

/** An audit row as an `AuditRecord`. */
export function toAuditRecord(row: Selectable<AuditsTable>): AuditRecord {
  return { id: row.id, runId: row.run_id, createdAt: row.created_at, label: row.label, settings: JSON.parse(row.settings), summary: JSON.parse(row.summary) };
}

/** An audit question row as an `AuditQuestionRecord`. */
export function toAuditQuestionRecord(row: Selectable<AuditQuestionsTable>): AuditQuestionRecord {
  const { agreementSet, details } = JSON.parse(row.details) as Pick<AuditQuestionRecord, 'agreementSet' | 'details'>;
  return {
    auditId: row.audit_id,
    unitId: row.unit_id,
    questionId: row.question_id,
    protocol: row.protocol,
    // bigint column: PostgreSQL returns it as a string.
    seed: Number(row.seed),
    eligible: Number(row.eligible) === 1,
    reasons: JSON.parse(row.reasons) as NotEligibleReason[],
    agreementSet,
    caraHyb: row.cara_hyb === null ? null : Number(row.cara_hyb),
    sim: row.sim === null ? null : Number(row.sim),
    contradictionRate: row.contradiction_rate === null ? null : Number(row.contradiction_rate),
    caraGt: row.cara_gt === null ? null : Number(row.cara_gt),
    failureMode: row.failure_mode as FailureMode | null,
    details,
  };
}

/** The score columns of an audit question row as an `AuditScoreRecord`. */
export function toAuditScoreRecord(
  row: Pick<Selectable<AuditQuestionsTable>, 'unit_id' | 'position' | 'eligible' | 'cara_hyb' | 'sim' | 'contradiction_rate' | 'cara_gt' | 'failure_mode' | 'low_cara' | 'agreement_size'>,
): AuditScoreRecord {
  const number = (value: number | null) => (value === null ? null : Number(value));
  return {
    unitId: row.unit_id,
    position: Number(row.position),
    eligible: Number(row.eligible) === 1,
    caraHyb: number(row.cara_hyb),
    sim: number(row.sim),
    contradictionRate: number(row.contradiction_rate),
    caraGt: number(row.cara_gt),
    failureMode: row.failure_mode as FailureMode | null,
    lowCara: Number(row.low_cara) === 1,
    agreementSize: Number(row.agreement_size),
  };
}
