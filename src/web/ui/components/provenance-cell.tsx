import type { CitedCell } from '../lib/provenance.js';

/** A LOOKUP's cited cell when the entry does not carry its table: where it is and what it holds. */
export function ProvenanceCell({ cell }: { cell: CitedCell }) {
  return (
    <div className="provenance provenance-cell small">
      <span className="muted">table</span> <span className="mono">{cell.table ?? '?'}</span> · <span className="muted">row</span> {cell.rowLabel ?? cell.row ?? '?'}
      {cell.rowLabel !== undefined && cell.row !== undefined && <span className="muted"> (#{cell.row})</span>} · <span className="muted">column</span> {cell.column ?? '?'}
      {cell.cell !== undefined && (
        <>
          {' '}
          · <span className="muted">cell</span>{' '}
          <mark className="cited-cell-text" data-cited="true">
            {cell.cell}
          </mark>
        </>
      )}
      {cell.value !== undefined && cell.value !== cell.cell && (
        <>
          {' '}
          · <span className="muted">claimed</span> {cell.value}
        </>
      )}
    </div>
  );
}
