import type { CitedPassage } from '../lib/provenance.js';

/**
 * The passage a QUOTE cites, the quoted span marked (split as text:
 * nothing is parsed as HTML). Without the passage text, the offsets.
 */
export function ProvenancePassage({ passage, quote, source = 'passage' }: { passage: CitedPassage; quote: string; source?: string }) {
  if (passage.text === undefined) {
    return (
      <div className="provenance small">
        <span className="muted">{source}</span> <span className="mono">{passage.title ?? '?'}</span> · <span className="muted">characters</span> {passage.start}–{passage.end}
        {passage.match !== undefined && <span className="muted"> · {passage.match} match</span>} ·{' '}
        <mark data-cited="true">{quote}</mark>
      </div>
    );
  }
  const found = passage.start >= 0 && passage.end > passage.start;
  return (
    <div className="provenance">
      {passage.title !== undefined && <div className="provenance-title small muted">{passage.title}</div>}
      <p className="passage">
        {found ? (
          <>
            {passage.text.slice(0, passage.start)}
            <mark data-cited="true">{passage.text.slice(passage.start, passage.end)}</mark>
            {passage.text.slice(passage.end)}
          </>
        ) : (
          passage.text
        )}
      </p>
      {!found && <p className="small warnings">the quote is not an exact span of this passage</p>}
    </div>
  );
}
