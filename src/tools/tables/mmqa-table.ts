import { DatasetFormatError } from '../../spec/errors.js';
import type { Table } from '../../spec/question.js';
import { describe, type TableLocation } from './array-table.js';

const HINT = 'an MMQA table record is {title, url, id, table: {table_rows: [[{text, links}]], table_name, header: [{column_name, metadata}]}}';

/**
 * Turns one record of `MMQA_tables.jsonl` into a `Table`: the header from
 * `table.header[].column_name`, the cells from `table.table_rows[][].text`
 * (links are dropped), the id from `id`, the caption from the page title and
 * the table name.
 */
export function mmqaTable(record: Record<string, unknown>, where: TableLocation): Table {
  const fail = (field: string, expected: string): DatasetFormatError => new DatasetFormatError(where.file, where.line, field, expected, HINT);
  const { id, title, table } = record;
  if (typeof id !== 'string' || id === '') throw fail('id', `expected a table id string, found ${describe(id)}`);
  if (table === null || typeof table !== 'object' || Array.isArray(table)) throw fail('table', `expected an object, found ${describe(table)}`);
  const { table_rows: tableRows, header, table_name: tableName } = table as Record<string, unknown>;
  if (!Array.isArray(header)) throw fail('table.header', `expected a list of {column_name}, found ${describe(header)}`);
  const columns = header.map((column, index) => {
    const name = column !== null && typeof column === 'object' ? (column as { column_name?: unknown }).column_name : undefined;
    if (typeof name !== 'string') throw fail(`table.header[${index}].column_name`, `expected a string, found ${describe(name)}`);
    return name;
  });
  if (!Array.isArray(tableRows)) throw fail('table.table_rows', `expected a list of rows, found ${describe(tableRows)}`);
  const rows = tableRows.map((row, rowIndex) => {
    if (!Array.isArray(row)) throw fail(`table.table_rows[${rowIndex}]`, `expected a list of cells, found ${describe(row)}`);
    const cells = row.map((cell, column) => {
      const text = cell !== null && typeof cell === 'object' ? (cell as { text?: unknown }).text : undefined;
      if (typeof text !== 'string') throw fail(`table.table_rows[${rowIndex}][${column}].text`, `expected a string, found ${describe(text)}`);
      return text;
    });
    return cells.length < columns.length ? [...cells, ...Array<string>(columns.length - cells.length).fill('')] : cells;
  });
  const caption = [typeof title === 'string' ? title : undefined, typeof tableName === 'string' ? tableName : undefined].filter((part) => part !== undefined && part !== '').join(' — ');
  return { id, header: columns, rows, ...(caption === '' ? {} : { caption }) };
}
