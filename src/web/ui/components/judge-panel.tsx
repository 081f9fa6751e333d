import type { JudgeRankEvent } from '../lib/trace-model.js';
import { decimal } from '../lib/format.js';

/** Every ranking the judge made: order, scores, rationale, ties and warnings. */
export function JudgePanel({ ranks }: { ranks: JudgeRankEvent[] }) {
  return (
    <section>
      <h2>Judge</h2>
      <div className="judge-list">
        {ranks.map((rank) => (
          <div key={rank.seq} className="judge-rank">
            <div className="judge-head">
              <strong>{rank.judge}</strong> · round {rank.round} · {rank.purpose === 'drafts' ? `drafts of ${rank.agent ?? '?'}` : rank.purpose === 'final' ? 'final answer' : 'round contributions'}
            </div>
            <ol className="ranking">
              {rank.ranking.map((entry, index) => (
                <li key={entry} className={index === rank.ranking.length - 1 && rank.ranking.length > 1 ? 'lowest' : undefined}>
                  {entry}
                  {rank.scores?.[entry] !== undefined && <span className="muted"> · {decimal(rank.scores[entry], 2)}</span>}
                </li>
              ))}
            </ol>
            <p className="rationale">{rank.rationale}</p>
            {rank.tieBreak !== undefined && <p className="muted small">ties broken by seed {rank.tieBreak.seed}: {rank.tieBreak.tied.map((group) => group.join(' = ')).join('; ')}</p>}
            {(rank.warnings?.length ?? 0) > 0 && <p className="warnings small">{rank.warnings!.join('; ')}</p>}
          </div>
        ))}
      </div>
    </section>
  );
}
