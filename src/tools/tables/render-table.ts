import type { Table } from '../../spec/question.js';

/** Options of rendering a table for a prompt. */
export interface RenderTableOptions {
  /** Row indices to show, in table order (default: all rows). */
  rows?: readonly number[];
  /** Characters per cell before it is cut with "…" (default 80). */
  maxCellLength?: number;
}

/**
 * Renders a table as a pipe table for a prompt, with a `row` column holding
 * each row's 0-based index: agents cite cells as (table id, row index,
 * column name), the coordinates the provenance check resolves. Pipes and
 * line breaks inside cells are escaped so the grid stays readable. When only
 * some rows are shown, a last line says how many were left out.
 */
export function renderTable(table: Table, options: RenderTableOptions = {}): string {
  const limit = options.maxCellLength ?? 80;
  const cell = (text: string): string => {
    const flat = text.replace(/\s*\n\s*/g, ' / ').replace(/\|/g, '\\|').trim();
    return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
  };
  const shown = options.rows ?? table.rows.map((_, index) => index);
  const lines = [
    `Table "${table.id}"${table.caption === undefined ? '' : ` (${cell(table.caption)})`}: ${table.rows.length} rows, columns ${table.header.map((name) => `"${name}"`).join(', ')}`,
    `| row | ${table.header.map(cell).join(' | ')} |`,
    `| --- | ${table.header.map(() => '---').join(' | ')} |`,
    ...shown.map((index) => `| ${index} | ${(table.rows[index] ?? []).map(cell).join(' | ')} |`),
  ];
  if (shown.length < table.rows.length) lines.push(`(${table.rows.length - shown.length} of ${table.rows.length} rows not shown)`);
  return lines.join('\n');
}
