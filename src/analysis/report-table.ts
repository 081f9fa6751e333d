/** One column of a report table: its text for Markdown/HTML and its raw CSV fields. */
export interface ReportColumn<Row> {
  header: string;
  text: (row: Row) => string;
  /** CSV fields of this column (a value and its CI bounds may be several); default one field with the text. */
  csv?: Array<{ name: string; value: (row: Row) => string | number | boolean | null }>;
}

/** A table of a report, rendered to Markdown, HTML and CSV from one definition. */
export interface ReportTable {
  /** File name stem of the CSV (`protocols-outcomes` → tables/protocols-outcomes.csv). */
  id: string;
  title: string;
  caption?: string;
  /** Header cells and rows as text. */
  headers: string[];
  cells: string[][];
  /** CSV header and rows as raw values (missing values are empty fields). */
  csvHeaders: string[];
  csvRows: Array<Array<string | number | boolean | null>>;
}

/** Builds a report table from rows and column definitions. */
export function reportTable<Row>(id: string, title: string, columns: ReadonlyArray<ReportColumn<Row>>, rows: readonly Row[], caption?: string): ReportTable {
  const csvColumns = columns.flatMap((column) => column.csv ?? [{ name: column.header, value: column.text }]);
  return {
    id,
    title,
    ...(caption === undefined ? {} : { caption }),
    headers: columns.map((column) => column.header),
    cells: rows.map((row) => columns.map((column) => column.text(row))),
    csvHeaders: csvColumns.map((column) => column.name),
    csvRows: rows.map((row) => csvColumns.map((column) => column.value(row))),
  };
}

/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted; missing values are empty; numbers at full precision. */
export function tableCsv(table: ReportTable): string {
  const field = (value: string | number | boolean | null): string => {
    if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [table.csvHeaders, ...table.csvRows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A GitHub-flavoured Markdown table (pipes in cells escaped). */
export function tableMarkdown(table: ReportTable): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const lines = [`| ${table.headers.map(cell).join(' | ')} |`, `| ${table.headers.map(() => '---').join(' | ')} |`, ...table.cells.map((row) => `| ${row.map(cell).join(' | ')} |`)];
  return lines.join('\n');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An HTML table with the table's id on it (escaped cells). */
export function tableHtml(table: ReportTable): string {
  const head = `<thead><tr>${table.headers.map((header) => `<th>${escapeHtml(header)}</th>`).join('')}</tr></thead>`;
  const body = `<tbody>${table.cells.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('')}</tbody>`;
  return `<table id="table-${escapeHtml(table.id)}">${head}${body}</table>`;
}
