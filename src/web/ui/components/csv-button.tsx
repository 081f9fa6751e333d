import { tableCsv } from '../../../analysis/report-table.js';
import { download, fileName } from '../lib/figure-export.js';

/** A button that saves a table shown on the page as RFC 4180 CSV (the text of its cells). */
export function CsvButton({ name, headers, rows, label = 'CSV' }: { name: string; headers: readonly string[]; rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null>>; label?: string }) {
  const save = () => {
    const csv = tableCsv({ id: name, title: name, headers: [...headers], cells: [], csvHeaders: [...headers], csvRows: rows.map((row) => [...row]) });
    download(`${fileName(name)}.csv`, csv, 'text/csv;charset=utf-8');
  };
  return (
    <button type="button" onClick={save} title={`download ${name} as CSV`}>
      {label}
    </button>
  );
}
