import { z } from 'zod';
import { FAILURE_MODES } from '../../spec/audit-result.js';
import { UNIT_OUTCOMES, type UnitOutcome, type UnitRow } from './api-types.js';
import { booleanParam } from './query-params.js';

/**
 * One filter of the per-question table: its query parameter, how the value
 * is parsed, and the test a row must pass. Adding a filter is adding an
 * entry here (and a control in the UI). Filters marked `audit` read the
 * scores of the selected audit; rows without scores fail them.
 */
interface UnitFilter<T> {
  schema: z.ZodType<T>;
  audit: boolean;
  test: (row: UnitRow, value: T) => boolean;
}

function filter<T>(schema: z.ZodType<T>, test: (row: UnitRow, value: T) => boolean, audit = false): UnitFilter<T> {
  return { schema, audit, test };
}

const outcomeList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part !== ''))
  .pipe(z.array(z.enum(UNIT_OUTCOMES as [UnitOutcome, ...UnitOutcome[]])).min(1));

/** The filters, by query parameter. Values combine with AND; `outcome` takes a comma-separated OR list. */
export const UNIT_FILTERS = {
  outcome: filter(outcomeList, (row, outcomes) => outcomes.includes(row.outcome)),
  /** Case-insensitive substring of the question id. */
  q: filter(z.string().max(200), (row, text) => row.questionId.toLowerCase().includes(text.toLowerCase())),
  protocol: filter(z.string().max(200), (row, protocol) => row.protocol === protocol),
  seed: filter(z.coerce.number().int().min(0), (row, seed) => row.seed === seed),
  eligible: filter(booleanParam, (row, eligible) => row.audit !== null && row.audit.eligible === eligible, true),
  /** A failure-mode label, or `none` for audited units without one. */
  failureMode: filter(z.enum([...FAILURE_MODES, 'none']), (row, mode) => row.audit !== null && (row.audit.failureMode ?? 'none') === mode, true),
  lowCara: filter(booleanParam, (row, low) => row.audit !== null && row.audit.lowCara === low, true),
  /** CARA-HYB(q) strictly below this value. */
  /**
   * Agreement: `unanimous` (every agent gave the same parseable answer),
   * `split` (they did not), `contradicting` (an agreement set of two or
   * more whose best-matching steps the audit flagged as contradictions:
   * agreeing on the answer, disagreeing in the reasoning).
   */
  agreement: filter(
    z.enum(['unanimous', 'split', 'contradicting']),
    (row, value) =>
      value === 'contradicting'
        ? row.audit !== null && row.audit.agreementSize >= 2 && (row.audit.contradictionRate ?? 0) > 0
        : row.unanimous !== null && row.status === 'done' && row.unanimous === (value === 'unanimous'),
  ),
  caraBelow: filter(z.coerce.number().min(-1).max(1), (row, value) => row.audit?.caraHyb != null && row.audit.caraHyb < value, true),
} satisfies Record<string, { schema: z.ZodType; audit: boolean }>;

/** Filter values that need the selected audit, beyond the `audit` filters (`agreement=contradicting`). */
export function valueNeedsAudit(values: UnitFilterValues): boolean {
  return values.agreement === 'contradicting';
}

export type UnitFilterName = keyof typeof UNIT_FILTERS;
export type UnitFilterValues = { [K in UnitFilterName]?: z.output<(typeof UNIT_FILTERS)[K]['schema']> };

/** Zod shape of every filter parameter (all optional), for `parseQuery`. */
export function unitFilterShape() {
  return Object.fromEntries(Object.entries(UNIT_FILTERS).map(([name, entry]) => [name, entry.schema.optional()])) as {
    [K in UnitFilterName]: z.ZodOptional<(typeof UNIT_FILTERS)[K]['schema']>;
  };
}

/** Whether any given filter needs audit scores. */
export function needsAudit(values: UnitFilterValues): boolean {
  return valueNeedsAudit(values) || Object.entries(values).some(([name, value]) => value !== undefined && UNIT_FILTERS[name as UnitFilterName].audit);
}

/** A predicate for all given filters together. */
export function rowFilter(values: UnitFilterValues): (row: UnitRow) => boolean {
  const active = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const entry = UNIT_FILTERS[name as UnitFilterName] as UnitFilter<unknown>;
      return (row: UnitRow) => entry.test(row, value);
    });
  return (row) => active.every((test) => test(row));
}

/** Sort keys of the unit table; `-key` sorts descending. Missing values go last either way. */
export const UNIT_SORT_KEYS = ['position', 'questionId', 'agreementSize', 'caraHyb', 'sim', 'contradictionRate', 'tokens', 'costUsd', 'latencyMs', 'errors'] as const;
export type UnitSortKey = (typeof UNIT_SORT_KEYS)[number];
export const unitSortSchema = z.enum([...UNIT_SORT_KEYS, ...UNIT_SORT_KEYS.map((key) => `-${key}` as const)]);
export type UnitSort = z.infer<typeof unitSortSchema>;

/** Question ids sort naturally: q2 before q10. */
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Rows in the requested order (a stable sort: ties keep plan order). */
export function sortRows(rows: readonly UnitRow[], sort: UnitSort): UnitRow[] {
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as UnitSortKey;
  if (key === 'position') return descending ? [...rows].reverse() : [...rows];
  const value = (row: UnitRow): number | string | null => {
    switch (key) {
      case 'questionId':
        return row.questionId;
      case 'agreementSize':
      case 'caraHyb':
      case 'sim':
      case 'contradictionRate':
        return row.audit?.[key] ?? null;
      default:
        return row[key];
    }
  };
  const direction = descending ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: value(row) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const order = typeof a.value === 'string' ? naturalOrder.compare(a.value, String(b.value)) : a.value - (b.value as number);
      return order === 0 ? a.index - b.index : order * direction;
    })
    .map((entry) => entry.row);
}
