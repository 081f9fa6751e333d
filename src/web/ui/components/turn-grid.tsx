import { useMemo, useState } from 'react';
import { roundLine, roundSummaries } from '../lib/round-summary.js';
import { cellKey, refKey, type TraceModel } from '../lib/trace-model.js';
import { Collapsible } from './collapsible.js';
import { TurnCell } from './turn-cell.js';

/**
 * The agent × round grid, one collapsible section per round (the last one
 * open), each headed by its answers and whether the speakers agreed.
 * Pointing at a turn (or focusing it) highlights the turns it saw — its
 * visibility edges — and marks the turns that saw it, in every open round.
 */
export function TurnGrid({ model }: { model: TraceModel }) {
  const [hovered, setHovered] = useState<string | null>(null);
  const summaries = useMemo(() => roundSummaries(model), [model]);
  const { saw, seenBy } = useMemo(() => {
    const saw = new Set<string>();
    const seenBy = new Set<string>();
    if (hovered === null) return { saw, seenBy };
    for (const ref of model.cells.get(hovered)?.selected?.saw ?? []) saw.add(refKey(ref));
    for (const [key, cell] of model.cells) if (cell.selected?.saw.some((ref) => refKey(ref) === hovered)) seenBy.add(key);
    return { saw, seenBy };
  }, [hovered, model]);
  const last = model.rounds.at(-1);
  return (
    <section className="turn-rounds">
      <h2>Turns</h2>
      <p className="muted small">
        The agent × round grid, one round per section. Point at a turn to see what it was shown: <span className="legend saw">saw</span> turns it was shown, <span className="legend seen-by">seen by</span> turns that were shown it.
      </p>
      <div onMouseLeave={() => setHovered(null)}>
        {summaries.map((summary) => (
          <Collapsible key={summary.round} className="round-section" open={summary.round === last} summary={<span data-round-summary={summary.round}>{roundLine(summary)}</span>}>
            {() => (
              <div className="turn-grid" style={{ gridTemplateColumns: `repeat(${model.agents.length}, minmax(16rem, 1fr))` }}>
                {model.agents.map((agent) => {
                  const key = cellKey(agent, summary.round);
                  const cell = model.cells.get(key);
                  const mark = key === hovered ? 'focus' : saw.has(key) ? 'saw' : seenBy.has(key) ? 'seen-by' : '';
                  return (
                    <div key={key} className={`grid-cell ${mark}`} tabIndex={cell?.selected === undefined ? -1 : 0} onMouseEnter={() => setHovered(key)} onFocus={() => setHovered(key)} data-cell={`${agent} r${summary.round}`}>
                      <div className="grid-agent">{agent}</div>
                      {cell === undefined ? <span className="silent">did not speak</span> : <TurnCell cell={cell} />}
                    </div>
                  );
                })}
              </div>
            )}
          </Collapsible>
        ))}
      </div>
    </section>
  );
}
