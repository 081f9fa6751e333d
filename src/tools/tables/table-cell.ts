import type { Table } from '../../spec/question.js';

/** A resolved cell. */
export interface CellRef {
  table: Table;
  row: number;
  column: number;
  columnName: string;
  /** The row's first cell: its label in financial tables. */
  rowLabel: string;
  text: string;
}

/** Normalises a column name for matching: case, spacing and punctuation do not count. */
export function columnKey(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}%$]+/gu, ' ').trim();
}

/**
 * Finds a column by its name (exact first, then ignoring case, spacing and
 * punctuation) or by its 0-based index written as digits. Returns -1 when
 * none matches or the name is ambiguous.
 */
export function findColumn(table: Table, column: string | number): number {
  if (typeof column === 'number') return Number.isInteger(column) && column >= 0 && column < table.header.length ? column : -1;
  const exact = table.header.indexOf(column);
  if (exact >= 0) return exact;
  const key = columnKey(column);
  const loose = table.header.flatMap((name, index) => (columnKey(name) === key ? [index] : []));
  if (loose.length === 1) return loose[0]!;
  if (/^\d+$/.test(column.trim())) return findColumn(table, Number(column.trim()));
  return -1;
}

/** The cell at (row, column) or a reason why there is none. */
export function resolveCell(table: Table, row: number, column: string | number): CellRef | { error: string } {
  if (!Number.isInteger(row) || row < 0 || row >= table.rows.length) {
    return { error: `table "${table.id}" has no row ${row} (rows 0–${table.rows.length - 1})` };
  }
  const columnIndex = findColumn(table, column);
  if (columnIndex < 0) return { error: `table "${table.id}" has no column ${JSON.stringify(column)} (columns: ${table.header.map((name) => JSON.stringify(name)).join(', ')})` };
  const cells = table.rows[row]!;
  return {
    table,
    row,
    column: columnIndex,
    columnName: table.header[columnIndex]!,
    rowLabel: cells[0] ?? '',
    text: cells[columnIndex] ?? '',
  };
}
