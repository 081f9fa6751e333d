import type { GdpStep } from '../../../spec/answer.js';
import { cellKey, type TraceModel } from '../lib/trace-model.js';
import { StanceGraph, type StanceEdge } from './stance-graph.js';

/** GDP stances per interaction round: a graph of who answered whom, and the list behind it. */
export function StancePanel({ model }: { model: TraceModel }) {
  const rounds = model.rounds
    .map((round) => ({ round, edges: edgesOf(model, round) }))
    .filter((entry) => entry.edges.length > 0);
  if (rounds.length === 0) return null;
  return (
    <section>
      <h2>Stances</h2>
      <div className="stance-rounds">
        {rounds.map(({ round, edges }) => (
          <div key={round} className="stance-round">
            <h3>round {round}</h3>
            <StanceGraph agents={model.agents} edges={edges} />
            <ul className="stance-list">
              {edges.map((edge, index) => (
                <li key={index} className={`stance stance-${edge.type}`}>
                  {edge.from} → {edge.to}: <strong>{edge.type}</strong>
                  {edge.step.stance?.target !== undefined && <span className="target"> “{edge.step.stance.target}”</span>}
                  <div className="muted small">
                    {edge.step.claim}
                    {edge.step.stance?.counterGround !== undefined && ` · counter-ground: ${edge.step.stance.counterGround}`}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

function edgesOf(model: TraceModel, round: number): StanceEdge[] {
  return model.agents.flatMap((agent) => {
    const steps: GdpStep[] = model.cells.get(cellKey(agent, round))?.selected?.parsed.steps ?? [];
    return steps.filter((step) => step.stance !== undefined).map((step) => ({ from: agent, to: step.stance!.peer, type: step.stance!.type, step }));
  });
}
