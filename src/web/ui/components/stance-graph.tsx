import type { GdpStep } from '../../../spec/answer.js';

/** One stance: `from` took a position of `type` on a claim of `to`. */
export interface StanceEdge {
  from: string;
  to: string;
  type: 'AGREE' | 'DISAGREE' | 'EXTEND';
  step: GdpStep;
}

const SIZE = 240;
const RADIUS = 82;
const NODE = 22;
const TYPES = ['AGREE', 'DISAGREE', 'EXTEND'] as const;

/** Agents on a circle, one curved arrow per stance, coloured by its type. */
export function StanceGraph({ agents, edges }: { agents: string[]; edges: StanceEdge[] }) {
  const names = [...agents, ...edges.map((edge) => edge.to).filter((name) => !agents.includes(name))];
  const position = new Map(
    names.map((name, index) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * index) / names.length;
      return [name, { x: SIZE / 2 + RADIUS * Math.cos(angle), y: SIZE / 2 + RADIUS * Math.sin(angle) }];
    }),
  );
  const seen = new Map<string, number>();
  return (
    <svg className="stance-graph" viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} role="img" aria-label="stances between agents">
      <defs>
        {TYPES.map((type) => (
          <marker key={type} id={`arrow-${type}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" className={`arrow-head stance-${type}`} />
          </marker>
        ))}
      </defs>
      {edges.map((edge, index) => {
        const from = position.get(edge.from);
        const to = position.get(edge.to);
        if (from === undefined || to === undefined || edge.from === edge.to) return null;
        // Several stances between the same two agents fan out instead of overlapping.
        const pairKey = `${edge.from}>${edge.to}`;
        const nth = seen.get(pairKey) ?? 0;
        seen.set(pairKey, nth + 1);
        const dx = to.x - from.x;
        const dy = to.y - from.y;
        const length = Math.hypot(dx, dy);
        const [ux, uy] = [dx / length, dy / length];
        const start = { x: from.x + ux * NODE, y: from.y + uy * NODE };
        const end = { x: to.x - ux * (NODE + 2), y: to.y - uy * (NODE + 2) };
        const bend = 18 + nth * 14;
        const control = { x: (start.x + end.x) / 2 - uy * bend, y: (start.y + end.y) / 2 + ux * bend };
        return (
          <path key={index} d={`M${start.x},${start.y} Q${control.x},${control.y} ${end.x},${end.y}`} className={`stance-edge stance-${edge.type}`} markerEnd={`url(#arrow-${edge.type})`}>
            <title>{`${edge.from} → ${edge.to}: ${edge.type} — ${edge.step.claim}`}</title>
          </path>
        );
      })}
      {names.map((name) => {
        const point = position.get(name)!;
        return (
          <g key={name} className="stance-node">
            <circle cx={point.x} cy={point.y} r={NODE} />
            <text x={point.x} y={point.y + 4} textAnchor="middle">
              {shortName(name)}
            </text>
            <title>{name}</title>
          </g>
        );
      })}
    </svg>
  );
}

/** `Agent B` → `B`; other names keep their first letters. */
function shortName(name: string): string {
  const match = /^Agent\s+(\S+)$/.exec(name);
  return match !== null ? match[1]! : name.slice(0, 4);
}
