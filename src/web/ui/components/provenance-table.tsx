import type { CitedTable } from '../lib/provenance.js';

/** The table a LOOKUP cites, its cell highlighted (row and column headers shaded). */
export function ProvenanceTable({ table }: { table: CitedTable }) {
  return (
    <div className="provenance">
      {table.title !== undefined && <div className="provenance-title small muted">{table.title}</div>}
      <table className="data-table compact provenance-table">
        {table.header.length > 0 && (
          <thead>
            <tr>
              {table.header.map((name, column) => (
                <th key={column} className={column === table.column ? 'cited-axis' : undefined}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {table.rows.map((cells, row) => (
            <tr key={row} className={row === table.row ? 'cited-axis' : undefined}>
              {cells.map((cell, column) => (
                <td key={column} className={row === table.row && column === table.column ? 'cited-cell' : undefined} data-cited={row === table.row && column === table.column ? 'true' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {(table.row < 0 || table.column < 0) && <p className="small warnings">the cited cell is not in this table excerpt</p>}
    </div>
  );
}
