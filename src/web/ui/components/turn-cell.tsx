import { decimal, duration, integer } from '../lib/format.js';
import { turnAnswer, type TurnCellModel, type TurnEvent } from '../lib/trace-model.js';
import { Collapsible } from './collapsible.js';
import { GdpStepList } from './gdp-step-list.js';

/** One agent in one round: answer, judge rank, steps or rationale, drafts, what it saw, the raw exchange. */
export function TurnCell({ cell }: { cell: TurnCellModel }) {
  if (cell.muted !== undefined) {
    return (
      <div className="turn muted-turn">
        <span className="badge badge-muted">muted</span> {cell.muted.reason}
      </div>
    );
  }
  const turn = cell.selected ?? cell.drafts[0];
  if (turn === undefined) return null;
  const others = cell.drafts.filter((draft) => draft !== turn);
  return (
    <div className="turn">
      <div className="turn-head">
        <span className={`answer answer-${turn.parsed.answer.status}`}>{turnAnswer(turn)}</span>
        {cell.rank !== undefined && (
          <span className="rank" title="the judge's ranking of this round">
            judge #{cell.rank.place}/{cell.rank.of}
            {cell.rank.score !== undefined && ` · ${decimal(cell.rank.score, 2)}`}
          </span>
        )}
        {cell.drafts.length > 1 && <span className="draft-mark">draft {turn.draft} of {cell.drafts.length} (selected)</span>}
      </div>
      <TurnBody turn={turn} />
      {turn.saw.length > 0 && (
        <div className="saw">
          saw:{' '}
          {turn.saw.map((ref, index) => (
            <span key={index} className="chip small">
              {ref.agent} r{ref.round}
              {ref.draft !== undefined && ref.draft > 0 && ` d${ref.draft}`}
            </span>
          ))}
        </div>
      )}
      {others.length > 0 && (
        <Collapsible className="drafts" summary={`${others.length} other draft${others.length === 1 ? '' : 's'}${cell.draftRanking === undefined ? '' : ` · judge order ${cell.draftRanking.ranking.join(' > ')}`}`}>
          {() =>
            others.map((draft) => (
              <div key={draft.draft} className="turn draft">
                <div className="turn-head">
                  <span className="draft-mark">draft {draft.draft} (not selected)</span> <span className={`answer answer-${draft.parsed.answer.status}`}>{turnAnswer(draft)}</span>
                </div>
                <TurnBody turn={draft} />
              </div>
            ))
          }
        </Collapsible>
      )}
      <Collapsible className="exchange" summary={`messages · reply · ${integer(turn.usage.promptTokens + turn.usage.completionTokens)} tokens · ${duration(turn.latencyMs)}${turn.cacheHit ? ' · cache hit' : ''}`}>
        {() => (
          <div className="messages">
            {turn.messages.map((message, index) => (
              <div key={index} className={`message role-${message.role}`}>
                <div className="role">{message.role}</div>
                <pre>{message.content}</pre>
              </div>
            ))}
            <div className="message role-reply">
              <div className="role">reply ({turn.backend})</div>
              <pre>{turn.text}</pre>
            </div>
          </div>
        )}
      </Collapsible>
    </div>
  );
}

function TurnBody({ turn }: { turn: TurnEvent }) {
  const steps = turn.parsed.steps ?? [];
  return (
    <>
      {steps.length > 0 ? <GdpStepList steps={steps} /> : <p className="rationale">{turn.parsed.rationale === '' ? '(no rationale)' : turn.parsed.rationale}</p>}
      {(turn.parsed.warnings?.length ?? 0) > 0 && <div className="warnings small">{turn.parsed.warnings!.join('; ')}</div>}
    </>
  );
}
