import { useState } from 'react';
import type { TraceEvent } from '../../../spec/trace.js';
import type { LogEntryEvent, VerifyEvent } from '../lib/trace-model.js';
import { LogEntryCard } from './log-entry-card.js';
import { VerifyCard } from './verify-card.js';

/**
 * The shared log (DeALOG) as a timeline: entries in log order, grouped by
 * round, with the verifier's verdicts where they happened. Pointing at an
 * entry that cites others (ANSWER, FLAG, OK) highlights those entries.
 */
export function SharedLogTimeline({ entries, verifies, events }: { entries: LogEntryEvent[]; verifies: VerifyEvent[]; events: readonly TraceEvent[] }) {
  const [highlighted, setHighlighted] = useState<readonly number[]>([]);
  const items = [...entries, ...verifies].sort((a, b) => a.seq - b.seq);
  const rounds = [...new Set(items.map((item) => item.round))].sort((a, b) => a - b);
  const rejected = entries.filter((entry) => !entry.accepted).length;
  return (
    <section>
      <h2>Shared log</h2>
      <p className="muted small">
        {entries.length} entries · {rejected} rejected by provenance checks · {verifies.length} verifier verdicts · {events.length} events in all
      </p>
      <div className="timeline">
        {rounds.map((round) => (
          <div key={round} className="timeline-round">
            <div className="timeline-round-label">round {round}</div>
            {items
              .filter((item) => item.round === round)
              .map((item) =>
                item.type === 'log-entry' ? (
                  <LogEntryCard key={item.seq} entry={item} highlighted={highlighted.includes(item.logSeq)} onCite={setHighlighted} />
                ) : (
                  <VerifyCard key={item.seq} verify={item} />
                ),
              )}
          </div>
        ))}
      </div>
    </section>
  );
}
