import { integer } from '../lib/format.js';

/** Previous / next through a paginated list. */
export function Pager({ offset, limit, total, onChange }: { offset: number; limit: number; total: number; onChange: (offset: number) => void }) {
  if (total <= limit) return null;
  return (
    <div className="pager">
      <button type="button" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        ← previous
      </button>
      <span>
        {integer(offset + 1)}–{integer(Math.min(total, offset + limit))} of {integer(total)}
      </span>
      <button type="button" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
        next →
      </button>
    </div>
  );
}
