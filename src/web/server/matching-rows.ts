import { z } from 'zod';
import type { AuditRecord } from '../../spec/audit-result.js';
import type { RunRecord } from '../../spec/store.js';
import type { ApiContext } from './api-context.js';
import { ApiError } from './api-error.js';
import type { UnitRow } from './api-types.js';
import type { RunIndex } from './run-index.js';
import { selectAudit } from './select-audit.js';
import type { RunTextIndex } from './text-index.js';
import { needsAudit, rowFilter, sortRows, unitFilterShape, unitSortSchema, type UnitFilterValues } from './unit-filters.js';
import { matchesQuery, queryWords } from './unit-text.js';

/** Query parameters shared by every view of a run's units (table, quadrant, CSV): filters, audit, sort, full-text search. */
export function unitQueryShape() {
  return {
    ...unitFilterShape(),
    audit: z.string().min(1).max(200).optional(),
    sort: unitSortSchema.default('position'),
    /** Full-text search: every word must occur in the unit's question, answers, rationales, steps or log entries (or its question id). */
    text: z.string().max(200).optional(),
  };
}

/** A parsed query of a run's units (`unitQueryShape`). */
export type UnitQuery = z.infer<z.ZodObject<ReturnType<typeof unitQueryShape>>>;

/** A run's units after filters, search and sort, with what was used to get them. */
export interface MatchingRows {
  index: RunIndex;
  audit: AuditRecord | null;
  text: RunTextIndex;
  rows: UnitRow[];
}

/**
 * The units of a run that pass the query, sorted. A full-text search waits
 * for the run's text index to cover every finished unit (the first search
 * of a large run reads its events once); without one nothing is read from
 * the events here — a page of rows asks for its own rows' text.
 */
export async function matchingRows(api: ApiContext, run: RunRecord, query: UnitQuery): Promise<MatchingRows> {
  const { audit: auditParam, sort, text: textQuery, ...filters } = query;
  const audit = await selectAudit(api, run, auditParam);
  if (audit === null && needsAudit(filters as UnitFilterValues)) {
    throw new ApiError(400, 'NEEDS_AUDIT', 'the eligible, failureMode, lowCara and caraBelow filters and agreement=contradicting need an audit of the run', `audit it first: quorum audit ${run.id}`);
  }
  const { index, rows } = await api.data.table(run, audit);
  let matching = rows.filter(rowFilter(filters as UnitFilterValues));
  const words = queryWords(textQuery ?? '');
  const text = api.data.textIndexOf(run);
  if (words.length > 0) {
    // Only a full-text search reads every finished unit's events: opening a run must not pay for it.
    await api.data.textIndex(run, index).ready;
    matching = matching.filter((row) => matchesQuery(row.questionId.toLowerCase(), words) || matchesQuery(text.get(row.id)?.searchable ?? '', words));
  }
  return { index, audit, text, rows: sortRows(matching, sort) };
}

/** A row with what only the text index knows: the question text, and |S(q)| from the trace when no audit gave it. */
export function withText(row: UnitRow, text: RunTextIndex): UnitRow {
  const entry = text.get(row.id);
  if (entry === undefined) return row.audit === null ? row : { ...row, agreementSize: row.audit.agreementSize };
  return { ...row, questionText: entry.question, agreementSize: row.audit?.agreementSize ?? entry.agreementSize };
}
