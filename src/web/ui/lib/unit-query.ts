import type { UnitOutcome } from '../../server/api-types.js';

/** Query parameters of the run page that are also filters of `/api/runs/:id/units`. */
export const TABLE_PARAMS = ['outcome', 'q', 'text', 'agreement', 'protocol', 'seed', 'audit', 'eligible', 'failureMode', 'lowCara', 'caraBelow', 'sort'] as const;

/** What the table learns from the API besides rows. */
export interface TableMeta {
  total: number;
  outcomes: Record<UnitOutcome, number>;
  auditId: string | null;
  textIndex: { indexed: number; total: number };
}

/** The API query of the table from the page's URL (unknown parameters dropped, order fixed). */
export function tableQuery(search: URLSearchParams): string {
  const query = new URLSearchParams();
  for (const name of TABLE_PARAMS) {
    const value = search.get(name);
    if (value !== null && value !== '') query.set(name, value);
  }
  return query.toString();
}
