import Sqlite from 'better-sqlite3';
import type { Table } from '../../spec/question.js';
import { QuorumError } from '../../spec/errors.js';

/** A table as SQL sees it: column names safe to write unquoted, numeric columns as numbers. */
export interface SqlTable {
  columns: string[];
  rows: Array<Array<string | number | null>>;
}

/** A SQL step that could not run: a syntax error, an unknown column, or a statement that is not a query. */
export class SqlTableError extends QuorumError {
  constructor(message: string, cause?: unknown) {
    super('SQL_TABLE', message, { hint: 'write one SELECT statement over the table DF', cause });
  }
}

const NULLS = new Set(['n.a', 'n/a', 'n.a.', 'n-a', 'nan', 'none', 'null', '']);

/**
 * A column name as ReAcTable writes them (lower case, spaces as "_"), with
 * other punctuation dropped so that it needs no quoting; empty or repeated
 * names get a positional name (`col_2`) or a suffix (`year_2`).
 */
function sqlColumns(header: readonly string[]): string[] {
  const used = new Set<string>();
  return header.map((name, index) => {
    let column = name.toLowerCase().replace(/\s+/g, '_').replace(/[^\p{L}\p{N}_]/gu, '');
    if (column === '' || /^\d/.test(column)) column = `col_${index}${column === '' ? '' : `_${column}`}`;
    let unique = column;
    for (let suffix = 2; used.has(unique); suffix++) unique = `${column}_${suffix}`;
    used.add(unique);
    return unique;
  });
}

/**
 * A question's table for SQL, normalised as ReAcTable's `normalize_data_frame`
 * does: null markers ("n/a", "none", …) become NULL, and a column whose
 * every other cell reads as a number once grouping commas are removed
 * becomes numeric.
 */
export function tableAsSql(table: Table): SqlTable {
  const columns = sqlColumns(table.header);
  const cells = table.rows.map((row) => columns.map((_, index) => {
    const text = (row[index] ?? '').trim();
    return NULLS.has(text.replace(/ /g, '').toLowerCase()) ? null : text;
  }));
  const numeric = columns.map((_, index) => cells.every((row) => row[index] === null || /^[-+]?(?:\d+\.?\d*|\.\d+)$/.test(row[index]!.replace(/,/g, ''))) && cells.some((row) => row[index] !== null));
  return { columns, rows: cells.map((row) => row.map((cell, index) => (cell !== null && numeric[index] ? Number(cell.replace(/,/g, '')) : cell))) };
}

/**
 * Runs one SELECT over `table` loaded as the SQLite table `DF` (in memory,
 * a fresh database per call) and returns the result as a table, as
 * ReAcTable's SQL executor does. Anything but a single read-only statement
 * is refused.
 */
export function runSql(table: SqlTable, sql: string): SqlTable {
  const database = new Sqlite(':memory:');
  try {
    database.exec(`CREATE TABLE DF (${table.columns.map((column) => `"${column}"`).join(', ')})`);
    const insert = database.prepare(`INSERT INTO DF VALUES (${table.columns.map(() => '?').join(', ')})`);
    for (const row of table.rows) insert.run(...row);
    let statement;
    try {
      // ReAcTable unifies dashes before running a query (normalize_sql)
      statement = database.prepare(sql.trim().replace(/;\s*$/, '').replace(/[–—―−]/g, '-'));
    } catch (error) {
      throw new SqlTableError(`the SQL does not run: ${(error as Error).message}`, error);
    }
    if (!statement.reader) throw new SqlTableError('only a query (SELECT) may run on the table');
    statement.raw(true);
    let rows: unknown[][];
    try {
      rows = statement.all() as unknown[][];
    } catch (error) {
      throw new SqlTableError(`the SQL fails: ${(error as Error).message}`, error);
    }
    const columns = statement.columns().map((column) => column.name);
    return { columns, rows: rows.map((row) => row.map((value) => (value === null || typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : String(value)))) };
  } finally {
    database.close();
  }
}

/** A SQL table back as quorum's `Table` (for rendering in a prompt). */
export function sqlAsTable(id: string, table: SqlTable): Table {
  return { id, header: [...table.columns], rows: table.rows.map((row) => row.map((value) => (value === null ? '' : String(value)))) };
}
