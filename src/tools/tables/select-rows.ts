import type { Table } from '../../spec/question.js';
import { Bm25Index } from '../bm25/bm25-index.js';

/**
 * The rows of a table worth showing for a query: all rows when the table
 * has at most `maxRows`, else the `maxRows` rows that rank best by BM25
 * against the query (each row's cells as one document), topped up in table
 * order when fewer rows match, and returned in table order. Large
 * WikiTableQuestions tables (hundreds of rows) would otherwise fill a small
 * model's context.
 */
export function selectRows(table: Table, query: string, maxRows: number): number[] {
  if (table.rows.length <= maxRows) return table.rows.map((_, index) => index);
  const index = new Bm25Index(table.rows.map((row, position) => ({ id: String(position), text: row.join(' ') })));
  const chosen = new Set(index.search(query, maxRows).map((hit) => Number(hit.id)));
  for (let position = 0; chosen.size < maxRows && position < table.rows.length; position++) chosen.add(position);
  return [...chosen].sort((a, b) => a - b);
}
