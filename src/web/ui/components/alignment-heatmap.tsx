import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PairAlignment, StepMatch } from '../../../spec/audit-result.js';
import { decimal } from '../lib/format.js';
import { heatColor, heatTextColor } from '../lib/heat-color.js';

const LABEL = 34;

/** The best matches touching one cell, in either direction. */
interface CellMatches {
  forward: StepMatch | undefined;
  backward: StepMatch | undefined;
}

/**
 * Cosine of every step of agent a (rows) against every step of agent b
 * (columns). A dark frame marks a→b best matches (each row's j*), a
 * corner triangle marks b→a best matches (each column's i*), and a red ✕
 * marks best-match pairs the NLI model flagged as contradictions (> τ).
 */
export function AlignmentHeatmap({ pair, stepsA, stepsB, tau }: { pair: PairAlignment; stepsA: string[]; stepsB: string[]; tau: number }) {
  const [hovered, setHovered] = useState<{ row: number; column: number } | null>(null);
  // Roving focus: one cell is in the tab order; arrow keys, Home and End move between cells.
  const [current, setCurrent] = useState({ row: 0, column: 0 });
  const svg = useRef<SVGSVGElement>(null);
  const rows = pair.cosine.length;
  const columns = pair.cosine[0]?.length ?? 0;
  const onKey = (event: KeyboardEvent<SVGGElement>) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    let next: { row: number; column: number } | null = null;
    const move = moves[event.key];
    if (move !== undefined) next = { row: Math.min(rows - 1, Math.max(0, current.row + move[0])), column: Math.min(columns - 1, Math.max(0, current.column + move[1])) };
    else if (event.key === 'Home') next = { row: current.row, column: 0 };
    else if (event.key === 'End') next = { row: current.row, column: columns - 1 };
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    setHovered(next);
    svg.current?.querySelector<SVGGElement>(`[data-row="${next.row}"][data-column="${next.column}"]`)?.focus();
  };
  const matches = useMemo(() => {
    const byCell = new Map<string, CellMatches>();
    const entry = (row: number, column: number) => {
      const key = `${row},${column}`;
      let value = byCell.get(key);
      if (value === undefined) byCell.set(key, (value = { forward: undefined, backward: undefined }));
      return value;
    };
    for (const match of pair.forward?.matches ?? []) entry(match.step, match.match).forward = match;
    // Backward matches run from b's steps to a's: the step is the column, the match the row.
    for (const match of pair.backward?.matches ?? []) entry(match.match, match.step).backward = match;
    return byCell;
  }, [pair]);
  if (pair.empty || rows === 0 || columns === 0) {
    return <p className="empty">One of the two agents has no steps: the pair scores 0 and has no heatmap.</p>;
  }
  const size = Math.max(20, Math.min(44, Math.floor(440 / Math.max(rows, columns))));
  const width = LABEL + columns * size;
  const height = LABEL + rows * size;
  const focus = hovered === null ? undefined : matches.get(`${hovered.row},${hovered.column}`);
  return (
    <div className="heatmap-layout" data-testid="alignment-heatmap">
      <div>
        <svg
          ref={svg}
          className="heatmap"
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="group"
          aria-label={`Heatmap: cosine of ${pair.a}'s steps (rows a1…) against ${pair.b}'s (columns b1…); arrow keys move between cells`}
          onMouseLeave={() => setHovered(null)}
        >
          {Array.from({ length: columns }, (_, column) => (
            <text key={`c${column}`} x={LABEL + column * size + size / 2} y={LABEL - 8} textAnchor="middle" className={`axis-label${hovered?.column === column ? ' active' : ''}`}>
              b{column + 1}
            </text>
          ))}
          {pair.cosine.map((values, row) => (
            <g key={row}>
              <text x={LABEL - 6} y={LABEL + row * size + size / 2 + 4} textAnchor="end" className={`axis-label${hovered?.row === row ? ' active' : ''}`}>
                a{row + 1}
              </text>
              {values.map((cosine, column) => {
                const cell = matches.get(`${row},${column}`);
                const flagged = cell?.forward?.flagged === true || cell?.backward?.flagged === true;
                const x = LABEL + column * size;
                const y = LABEL + row * size;
                return (
                  <g
                    key={column}
                    className="heat-cell"
                    onMouseEnter={() => setHovered({ row, column })}
                    onFocus={() => {
                      setCurrent({ row, column });
                      setHovered({ row, column });
                    }}
                    onKeyDown={onKey}
                    tabIndex={current.row === row && current.column === column ? 0 : -1}
                    role="button"
                    aria-label={`a${row + 1} × b${column + 1}: cosine ${cosine.toFixed(2)}${cell?.forward !== undefined ? ', best match a→b' : ''}${cell?.backward !== undefined ? ', best match b→a' : ''}${flagged ? ', contradiction flagged' : ''}`}
                    data-row={row}
                    data-column={column}
                  >
                    <rect x={x} y={y} width={size} height={size} fill={heatColor(cosine)} className="heat-fill" />
                    {size >= 30 && (
                      <text x={x + size / 2} y={y + size / 2 + 4} textAnchor="middle" className="heat-value" fill={heatTextColor(cosine)}>
                        {cosine.toFixed(2).replace(/^0/, '').replace(/^-0/, '-')}
                      </text>
                    )}
                    {cell?.forward !== undefined && <rect x={x + 1.5} y={y + 1.5} width={size - 3} height={size - 3} className={`best-forward${flagged ? ' flagged' : ''}`} />}
                    {cell?.backward !== undefined && <path d={`M${x + size - 9},${y + 1} L${x + size - 1},${y + 1} L${x + size - 1},${y + 9} z`} className={`best-backward${flagged ? ' flagged' : ''}`} />}
                    {flagged && (
                      <path d={`M${x + 4},${y + 4} L${x + size - 4},${y + size - 4} M${x + size - 4},${y + 4} L${x + 4},${y + size - 4}`} className="contradiction-mark" data-testid="contradiction-mark" />
                    )}
                  </g>
                );
              })}
            </g>
          ))}
          {hovered !== null && <rect x={LABEL + hovered.column * size} y={LABEL + hovered.row * size} width={size} height={size} className="hover-frame" />}
        </svg>
        <HeatmapLegend tau={tau} />
      </div>
      <div className="heatmap-side">
        <div className="pair-scores small">
          {pair.a} → {pair.b}: SIM {decimal(pair.forward?.sim)} · HYB {decimal(pair.forward?.hyb)}
          <br />
          {pair.b} → {pair.a}: SIM {decimal(pair.backward?.sim)} · HYB {decimal(pair.backward?.hyb)}
          <br />
          pair: SIM {decimal(pair.sim)} · HYB {decimal(pair.hyb)}
        </div>
        <div className="cell-detail" aria-live="polite">
          {hovered === null ? (
            <p className="muted small">Point at a cell to compare the two steps.</p>
          ) : (
            <>
              <p>
                <strong>a{hovered.row + 1}</strong> ({pair.a}): {stepsA[hovered.row] ?? '(step not stored)'}
              </p>
              <p>
                <strong>b{hovered.column + 1}</strong> ({pair.b}): {stepsB[hovered.column] ?? '(step not stored)'}
              </p>
              <p>
                cosine <strong>{decimal(pair.cosine[hovered.row]?.[hovered.column])}</strong>
                {focus?.forward !== undefined && <MatchLine label={`best match of a${hovered.row + 1} in ${pair.b}`} match={focus.forward} />}
                {focus?.backward !== undefined && <MatchLine label={`best match of b${hovered.column + 1} in ${pair.a}`} match={focus.backward} />}
              </p>
            </>
          )}
        </div>
        <StepList title={pair.a} prefix="a" steps={stepsA} active={hovered?.row} />
        <StepList title={pair.b} prefix="b" steps={stepsB} active={hovered?.column} />
      </div>
    </div>
  );
}

function MatchLine({ label, match }: { label: string; match: StepMatch }) {
  return (
    <span className={`match-line${match.flagged ? ' flagged' : ''}`}>
      <br />
      {label}: contradiction p = {decimal(match.contradiction[0], 2)} / {decimal(match.contradiction[1], 2)}
      {match.flagged ? ' — flagged' : ''}
    </span>
  );
}

function StepList({ title, prefix, steps, active }: { title: string; prefix: string; steps: string[]; active: number | undefined }) {
  return (
    <div className="step-list">
      <h4>{title}</h4>
      <ol>
        {steps.map((step, index) => (
          <li key={index} className={active === index ? 'active' : undefined}>
            <span className="mono muted">
              {prefix}
              {index + 1}
            </span>{' '}
            {step}
          </li>
        ))}
      </ol>
    </div>
  );
}

function HeatmapLegend({ tau }: { tau: number }) {
  return (
    <div className="heatmap-legend small">
      <span className="scale">
        <span>0</span>
        <span className="gradient" />
        <span>1</span> cosine
      </span>
      <span>
        <span className="legend-box forward" /> best match a→b
      </span>
      <span>
        <span className="legend-box backward" /> best match b→a
      </span>
      <span>
        <span className="legend-box flagged">✕</span> contradiction (p &gt; τ = {tau})
      </span>
    </div>
  );
}
