import type { TraceStore } from '../../spec/store.js';
import type { UnitAuditScores } from './api-types.js';

/** Audit results read per store call while indexing. */
const INDEX_PAGE = 500;

/**
 * Where each unit sits in a stored audit and its scores, so the unit table
 * can filter on CARA and failure modes and a question page can fetch its
 * one result (`listAuditQuestions` at that position). Audits are never
 * changed once stored, so an index stays valid for the audit's lifetime.
 */
export interface AuditIndex {
  auditId: string;
  byUnit: Map<string, { position: number; scores: UnitAuditScores }>;
}

/** Reads an audit's per-unit results page by page, keeping only positions and scores. */
export async function buildAuditIndex(store: TraceStore, auditId: string): Promise<AuditIndex> {
  const byUnit: AuditIndex['byUnit'] = new Map();
  for (let offset = 0; ; offset += INDEX_PAGE) {
    const page = await store.listAuditQuestions(auditId, { offset, limit: INDEX_PAGE });
    page.forEach((question, index) => {
      byUnit.set(question.unitId, {
        position: offset + index,
        scores: {
          eligible: question.eligible,
          caraHyb: question.caraHyb,
          sim: question.sim,
          contradictionRate: question.contradictionRate,
          caraGt: question.caraGt,
          failureMode: question.failureMode,
          lowCara: question.details.lowCara,
          agreementSize: question.agreementSet.length,
        },
      });
    });
    if (page.length < INDEX_PAGE) break;
  }
  return { auditId, byUnit };
}
