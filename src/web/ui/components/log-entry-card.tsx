import type { LogEntryEvent } from '../lib/trace-model.js';
import { citedCell, citedPassage, citedTable, referencedEntries } from '../lib/provenance.js';
import { Collapsible } from './collapsible.js';
import { JsonView } from './json-view.js';
import { ProvenanceCell } from './provenance-cell.js';
import { ProvenancePassage } from './provenance-passage.js';
import { ProvenanceTable } from './provenance-table.js';

/** One shared-log entry with its provenance. */
export function LogEntryCard({ entry, highlighted, onCite }: { entry: LogEntryEvent; highlighted: boolean; onCite: (entries: readonly number[]) => void }) {
  const table = entry.entryType === 'LOOKUP' ? citedTable(entry.meta) : undefined;
  const cell = entry.entryType === 'LOOKUP' && table === undefined ? citedCell(entry.meta) : undefined;
  const passage = entry.entryType === 'QUOTE' || entry.entryType === 'VISUAL' ? citedPassage(entry.meta, entry.content) : undefined;
  const cites = referencedEntries(entry.meta);
  return (
    <article
      className={`log-entry type-${entry.entryType}${entry.accepted ? '' : ' rejected'}${highlighted ? ' highlighted' : ''}`}
      id={`log-${entry.logSeq}`}
      onMouseEnter={() => cites.length > 0 && onCite(cites)}
      onMouseLeave={() => cites.length > 0 && onCite([])}
    >
      <header>
        <span className="log-seq mono">#{entry.logSeq}</span>
        <span className={`entry-type type-${entry.entryType}`}>{entry.entryType}</span>
        <span className="log-agent">{entry.agent}</span>
        {!entry.accepted && <span className="badge badge-failed">rejected</span>}
      </header>
      <p className="log-content">{entry.content}</p>
      {entry.rejection !== undefined && <p className="rejection">{entry.rejection}</p>}
      {table !== undefined && <ProvenanceTable table={table} />}
      {cell !== undefined && <ProvenanceCell cell={cell} />}
      {passage !== undefined && <ProvenancePassage passage={passage} quote={entry.content} source={entry.entryType === 'VISUAL' ? 'image' : 'passage'} />}
      {cites.length > 0 && (
        <p className="cites small">
          refers to{' '}
          {cites.map((seq) => (
            <a key={seq} href={`#log-${seq}`} className="chip small">
              #{seq}
            </a>
          ))}
        </p>
      )}
      <Collapsible summary="meta">{() => <JsonView value={entry.meta} />}</Collapsible>
    </article>
  );
}
