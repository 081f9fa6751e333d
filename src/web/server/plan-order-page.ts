import type { AuditRecord } from '../../spec/audit-result.js';
import type { RunRecord } from '../../spec/store.js';
import type { ApiContext } from './api-context.js';
import type { UnitOutcome, UnitRow } from './api-types.js';
import type { UnitQuery } from './matching-rows.js';
import { selectAudit } from './select-audit.js';
import { unitRow } from './unit-row.js';
import { queryWords } from './unit-text.js';

/** A page of the per-question table, before the question texts are joined. */
export interface RowsPage {
  /** Rows matching the query. */
  total: number;
  /** Units of the run per outcome, ignoring the filters. */
  outcomes: Record<UnitOutcome, number>;
  audit: AuditRecord | null;
  /** The rows of the page asked for. */
  rows: UnitRow[];
}

/** Whether the query is the run page's default view: every unit, in plan order, no search (any audit). */
function isPlanOrderQuery(query: UnitQuery): boolean {
  const { audit: _audit, sort, text, ...filters } = query;
  return sort === 'position' && queryWords(text ?? '').length === 0 && Object.values(filters).every((value) => value === undefined);
}

/**
 * A page of the default view read straight from the store — the page's
 * units (`listUnits` at its offset) and their audit scores, the run's
 * counts from its overview — while the run's
 * full unit index is not built (a run just opened, or units finished
 * since). Null when the query needs the index (a filter, a sort, a
 * search) or the index is current: then the index answers. Either way the
 * rows are the same; the index is asked to build in the background, since
 * the next filter will need it.
 */
export async function planOrderPage(api: ApiContext, run: RunRecord, query: UnitQuery, offset: number, limit: number): Promise<RowsPage | null> {
  if (!isPlanOrderQuery(query)) return null;
  const overview = await api.data.overview(run);
  if (api.data.builtIndex(run, overview.signature) !== undefined) return null;
  const audit = await selectAudit(api, run, query.audit);
  const units = await api.data.store.listUnits(run.id, { offset, limit });
  // The page's own scores: the whole audit's are read when the quadrant or a filter needs them.
  const scores = audit === null ? [] : await api.data.store.listAuditScores(audit.id, units.map((unit) => unit.id));
  const byUnit = new Map(scores.map(({ unitId, position: _position, ...unitScores }) => [unitId, unitScores]));
  const rows = units.map((unit) => {
    const row = unitRow(unit);
    return audit === null ? row : { ...row, audit: byUnit.get(row.id) ?? null };
  });
  api.data.buildIndexSoon(run);
  return { total: overview.units.total, outcomes: overview.outcomes, audit, rows };
}

