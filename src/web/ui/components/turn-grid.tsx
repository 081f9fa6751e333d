import { useMemo, useState } from 'react';
import { cellKey, refKey, type TraceModel } from '../lib/trace-model.js';
import { TurnCell } from './turn-cell.js';

/**
 * The agent × round grid. Pointing at a cell (or focusing it) highlights
 * the turns it saw — its visibility edges — and marks the turns that saw it.
 */
export function TurnGrid({ model }: { model: TraceModel }) {
  const [hovered, setHovered] = useState<string | null>(null);
  const { saw, seenBy } = useMemo(() => {
    const saw = new Set<string>();
    const seenBy = new Set<string>();
    if (hovered === null) return { saw, seenBy };
    for (const ref of model.cells.get(hovered)?.selected?.saw ?? []) saw.add(refKey(ref));
    for (const [key, cell] of model.cells) if (cell.selected?.saw.some((ref) => refKey(ref) === hovered)) seenBy.add(key);
    return { saw, seenBy };
  }, [hovered, model]);
  return (
    <section>
      <h2>Turns</h2>
      <p className="muted small">
        Point at a turn to see what it was shown: <span className="legend saw">saw</span> turns it was shown, <span className="legend seen-by">seen by</span> turns that were shown it.
      </p>
      <div className="turn-grid" style={{ gridTemplateColumns: `8rem repeat(${model.rounds.length}, minmax(16rem, 1fr))` }} onMouseLeave={() => setHovered(null)}>
        <div className="grid-corner" />
        {model.rounds.map((round) => (
          <div key={round} className="grid-head">
            round {round}
          </div>
        ))}
        {model.agents.map((agent) => (
          <div key={agent} className="grid-row" style={{ display: 'contents' }}>
            <div className="grid-agent">{agent}</div>
            {model.rounds.map((round) => {
              const key = cellKey(agent, round);
              const cell = model.cells.get(key);
              const mark = key === hovered ? 'focus' : saw.has(key) ? 'saw' : seenBy.has(key) ? 'seen-by' : '';
              return (
                <div key={key} className={`grid-cell ${mark}`} tabIndex={cell?.selected === undefined ? -1 : 0} onMouseEnter={() => setHovered(key)} onFocus={() => setHovered(key)} data-cell={`${agent} r${round}`}>
                  {cell === undefined ? <span className="silent">did not speak</span> : <TurnCell cell={cell} />}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
