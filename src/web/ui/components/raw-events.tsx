import type { TraceEvent } from '../../../spec/trace.js';
import { Collapsible } from './collapsible.js';
import { JsonView } from './json-view.js';

/** Every event as stored, one collapsible per event (rendered only when opened). */
export function RawEvents({ events }: { events: readonly TraceEvent[] }) {
  return (
    <section>
      <Collapsible summary={<h2 className="inline">Raw trace ({events.length} events)</h2>}>
        {() => (
          <div className="raw-events">
            {events.map((event) => (
              <Collapsible key={event.seq} summary={<span className="mono">#{event.seq} {event.type} {'agent' in event && event.agent !== undefined ? event.agent : ''} {'round' in event && event.round !== undefined ? `r${event.round}` : ''}</span>}>
                {() => <JsonView value={event} />}
              </Collapsible>
            ))}
          </div>
        )}
      </Collapsible>
    </section>
  );
}
