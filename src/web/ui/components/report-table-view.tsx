import type { StudyReportTableView } from '../../server/api-types.js';
import { CsvButton } from './csv-button.js';

/** One table of the study report, as `quorum study report` writes it. */
export function ReportTableView({ table }: { table: StudyReportTableView }) {
  return (
    <figure className="report-table" data-table-id={table.id}>
      <h3>
        {table.title} <CsvButton name={table.id} headers={table.headers} rows={table.cells} />
      </h3>
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              {table.headers.map((header, index) => (
                <th key={index}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.cells.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.caption !== null && <figcaption className="muted small">{table.caption}</figcaption>}
    </figure>
  );
}
