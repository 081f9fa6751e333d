import type { TraceStore } from '../../spec/store.js';
import type { UnitAuditScores } from './api-types.js';

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

/**
 * Reads an audit's per-unit scores from their columns (`listAuditScores`):
 * the alignment details, most of an audit's bytes, are read only for the
 * question a page shows.
 */
export async function buildAuditIndex(store: TraceStore, auditId: string): Promise<AuditIndex> {
  const byUnit: AuditIndex['byUnit'] = new Map();
  for (const { unitId, position, ...scores } of await store.listAuditScores(auditId)) byUnit.set(unitId, { position, scores });
  return { auditId, byUnit };
}
