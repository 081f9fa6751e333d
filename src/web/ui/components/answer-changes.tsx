import { cellKey, turnAnswer, type TraceModel } from '../lib/trace-model.js';

/** Each agent's answer per round, changes marked, with the round's vote underneath. */
export function AnswerChanges({ model }: { model: TraceModel }) {
  return (
    <section>
      <h2>Answers by round</h2>
      <table className="data-table compact answer-changes">
        <thead>
          <tr>
            <th>agent</th>
            {model.rounds.map((round) => (
              <th key={round}>round {round}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.agents.map((agent) => {
            let previous: string | undefined;
            return (
              <tr key={agent}>
                <th>{agent}</th>
                {model.rounds.map((round) => {
                  const cell = model.cells.get(cellKey(agent, round));
                  if (cell?.muted !== undefined) return <td key={round} className="muted-cell">muted</td>;
                  if (cell?.selected === undefined) return <td key={round} className="silent">—</td>;
                  const answer = turnAnswer(cell.selected);
                  const changed = previous !== undefined && answer !== previous;
                  const from = previous;
                  previous = answer;
                  return (
                    <td key={round} className={changed ? 'changed' : undefined} title={changed ? `changed from ${from}` : undefined}>
                      {changed && <span className="from">{from} → </span>}
                      <strong>{answer}</strong>
                    </td>
                  );
                })}
              </tr>
            );
          })}
          <tr className="vote-row">
            <th>vote</th>
            {model.rounds.map((round) => {
              const vote = model.votes.get(round);
              return (
                <td key={round}>
                  {vote === undefined
                    ? '—'
                    : `${vote.winner ?? 'none'} (${Object.entries(vote.tally)
                        .map(([answer, count]) => `${answer}: ${count}`)
                        .join(', ')})${vote.unanimous ? ' · unanimous' : ''}${vote.tieBreak === undefined ? '' : ` · tie ${vote.tieBreak.tied.join('/')} → ${vote.tieBreak.drawn}`}`}
                </td>
              );
            })}
          </tr>
        </tbody>
      </table>
    </section>
  );
}
