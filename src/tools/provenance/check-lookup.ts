import type { Table } from '../../spec/question.js';
import { numbersInText, parseNumberText, sameNumber } from '../units/number-text.js';
import { resolveCell } from '../tables/table-cell.js';
import type { ProvenanceResult } from './provenance-result.js';

/** A LOOKUP as an agent claims it: the value of one cell. */
export interface LookupClaim {
  table: string;
  /** 0-based data row (the `row` column of the rendered table). */
  row: number;
  /** Column name (or 0-based index). */
  column: string | number;
  value: string;
}

/**
 * Checks a LOOKUP against the cited cell. A number must occur in the cell as
 * the same value ("637" in "$ 637", "-3.1" or "3.1" in "(3.1)"); text must
 * occur in the cell as whole words, ignoring case and punctuation
 * ("Alejandro Valverde" in "Alejandro Valverde (ESP)"). Accepted lookups
 * store the cell's own text as content; rejections name the cell's actual
 * text and, when the value sits elsewhere in the table, where.
 */
export function checkLookup(tables: readonly Table[], claim: LookupClaim): ProvenanceResult {
  const meta: Record<string, unknown> = { source: 'table', table: claim.table, row: claim.row, column: claim.column, value: claim.value };
  const table = tables.find((each) => each.id === claim.table);
  if (table === undefined) return { accepted: false, rejection: `no table "${claim.table}" (tables: ${tables.map((each) => `"${each.id}"`).join(', ')})`, meta };
  const cell = resolveCell(table, claim.row, claim.column);
  if ('error' in cell) return { accepted: false, rejection: cell.error, meta };
  const cellMeta = { ...meta, column: cell.columnName, columnIndex: cell.column, rowLabel: cell.rowLabel, cell: cell.text };
  if (claim.value.trim() === '') return { accepted: false, rejection: 'the looked-up value is empty', meta: cellMeta };
  if (valueInCell(claim.value, cell.text)) {
    return { accepted: true, content: describeCell(table.id, cell.row, cell.rowLabel, cell.columnName, cell.text), meta: { ...cellMeta, source: 'table' } };
  }
  const elsewhere = locateValue(table, claim.value);
  const hint = elsewhere === undefined ? '' : `; the value is at row ${elsewhere.row}, column "${table.header[elsewhere.column]}"`;
  return { accepted: false, rejection: `value "${claim.value}" is not in table "${table.id}" row ${cell.row}, column "${cell.columnName}" (the cell holds "${cell.text}")${hint}`, meta: cellMeta };
}

/** Whether a claimed value occurs in a cell's text (numbers by value, text by whole words). */
export function valueInCell(value: string, cell: string): boolean {
  const number = parseNumberText(value);
  if (number !== undefined) {
    const whole = parseNumberText(cell);
    const candidates = [...numbersInText(cell), ...(whole === undefined ? [] : [whole.value])];
    return candidates.some((candidate) => sameNumber(candidate, number.value));
  }
  const needle = words(value);
  const haystack = words(cell);
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

/** The first cell (row-major) holding the value, if any. */
export function locateValue(table: Table, value: string): { row: number; column: number } | undefined {
  for (const [row, cells] of table.rows.entries()) {
    const column = cells.findIndex((cell) => valueInCell(value, cell));
    if (column >= 0) return { row, column };
  }
  return undefined;
}

/** How a LOOKUP reads in the log: the cell's coordinates and its own text. */
export function describeCell(table: string, row: number, rowLabel: string, column: string, text: string): string {
  return `table "${table}", row ${row} ("${rowLabel}"), column "${column}": ${text}`;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:[.,]\d+)*/gu) ?? [];
}
