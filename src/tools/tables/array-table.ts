import { DatasetFormatError } from '../../spec/errors.js';
import type { Table } from '../../spec/question.js';

/** Where a table sits in a dataset file, for error messages. */
export interface TableLocation {
  file: string;
  /** Field path including the item index, e.g. `[12].table`. */
  field: string;
  /** 1-based line, for line-oriented files (JSONL, TSV). */
  line?: number;
}

/** Options of turning a list of rows into a `Table`. */
export interface RowsTableOptions {
  id: string;
  caption?: string;
}

/**
 * Turns a list of rows of cell strings, the first row being the header, into
 * a `Table`: the shape of FinQA `table`, TAT-QA `table.table` and FeTaQA
 * `table_array`. Numbers as cells are accepted and written as text; ragged
 * rows are padded with empty cells (and the header widened) so every row has
 * one cell per column, which the provenance check relies on.
 */
export function tableFromRows(value: unknown, where: TableLocation, options: RowsTableOptions): Table {
  const fail = (expected: string): DatasetFormatError => new DatasetFormatError(where.file, where.line, where.field, expected, 'a table is a list of rows, each a list of cell strings; the first row is the header');
  if (!Array.isArray(value)) throw fail(`expected a list of rows, found ${describe(value)}`);
  if (value.length === 0) throw fail('expected at least a header row, found an empty list');
  const rows = value.map((row, index) => {
    if (!Array.isArray(row)) throw new DatasetFormatError(where.file, where.line, `${where.field}[${index}]`, `expected a list of cells, found ${describe(row)}`);
    return row.map((cell, column) => {
      if (typeof cell === 'string') return cell;
      if (typeof cell === 'number' && Number.isFinite(cell)) return String(cell);
      throw new DatasetFormatError(where.file, where.line, `${where.field}[${index}][${column}]`, `expected a cell string, found ${describe(cell)}`);
    });
  });
  const width = Math.max(...rows.map((row) => row.length));
  const padded = rows.map((row) => (row.length < width ? [...row, ...Array<string>(width - row.length).fill('')] : row));
  const [header, ...body] = padded;
  return { id: options.id, header: header!, rows: body, ...(options.caption === undefined ? {} : { caption: options.caption }) };
}

/** FinQA `table`: rows of normalised (lower-cased, spaced) cells, header first. */
export function finqaTable(value: unknown, where: TableLocation): Table {
  return tableFromRows(value, where, { id: 'table' });
}

/**
 * TAT-QA `table`: `{uid, table: rows}`. Only the first row becomes the
 * header; TAT-QA's second header rows (years, units such as `$'000`) stay
 * data rows, so cell coordinates stay those of the file minus one row.
 */
export function tatqaTable(value: unknown, where: TableLocation): Table {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new DatasetFormatError(where.file, where.line, where.field, `expected an object {uid, table}, found ${describe(value)}`);
  }
  return tableFromRows((value as { table?: unknown }).table, { ...where, field: `${where.field}.table` }, { id: 'table' });
}

/** FeTaQA `table_array`, with the page and section titles as caption. */
export function fetaqaTable(value: unknown, where: TableLocation, caption?: string): Table {
  return tableFromRows(value, where, { id: 'table', ...(caption === undefined ? {} : { caption }) });
}

/** Short JSON rendering of a bad value for error messages. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
