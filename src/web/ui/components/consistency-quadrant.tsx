import { memo, useMemo, useRef, useState, type MouseEvent } from 'react';
import type { ConsistencyPage, ConsistencyPoint } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { fileName } from '../lib/figure-export.js';
import { decimal, integer, percent } from '../lib/format.js';
import { navigate, paths } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { FigureDownloads } from './figure-downloads.js';

const WIDTH = 720;
const HEIGHT = 400;
const MARGIN = { left: 58, right: 18, top: 14, bottom: 78 };
/** Height of the strip under the axis where units without a CARA score (|S| < 2) sit. */
const NO_SCORE_STRIP = 26;
const PLOT_BOTTOM = HEIGHT - MARGIN.bottom;
const AXIS_BOTTOM = PLOT_BOTTOM - NO_SCORE_STRIP - 8;

type Measure = 'caraHyb' | 'sim';
const MEASURES: Record<Measure, string> = { caraHyb: 'CARA-HYB', sim: 'SIM' };

/** A stable spread in [-0.5, 0.5) from a unit id, so points sharing an agreement level do not hide each other and do not move between renders. */
function jitter(id: string, salt: number): number {
  let hash = 2166136261 ^ salt;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 16777619);
  return ((hash >>> 0) % 10_000) / 10_000 - 0.5;
}

/**
 * The consistency quadrant of a run: every audited question a point,
 * across by agreement (|S(q)| / agents), up by CARA-HYB (or SIM); colour
 * is the outcome and a ring marks a contradiction rate above 0. Bottom
 * right is the consistency illusion: agents agree on the answer and
 * reason differently. Clicking a point opens the question. Memoized: the
 * table's scrolling and page loads re-render the run page, not the quadrant.
 */
export const ConsistencyQuadrant = memo(function ConsistencyQuadrant({ runId, query, runLabel }: { runId: string; query: string; runLabel: string }) {
  const state = useApi<ConsistencyPage>(apiPath(`/api/runs/${encodeURIComponent(runId)}/consistency${query === '' ? '' : `?${query}`}`));
  const [measure, setMeasure] = useState<Measure>('caraHyb');
  const svg = useRef<SVGSVGElement>(null);
  const [hovered, setHovered] = useState<ConsistencyPoint | null>(null);
  if (state.status === 'loading') return <p className="loading">Loading the consistency quadrant…</p>;
  if (state.status === 'error') return <p className="hint">No consistency quadrant: {state.error.message}</p>;
  const page = state.data;
  const title = `Consistency quadrant: agreement against ${MEASURES[measure]}`;
  return (
    <figure className="quadrant" aria-labelledby="quadrant-caption">
      <div className="figure-bar">
        <div role="group" aria-label="vertical axis" className="outcome-buttons">
          {(Object.keys(MEASURES) as Measure[]).map((key) => (
            <button type="button" key={key} className={measure === key ? 'active' : ''} aria-pressed={measure === key} onClick={() => setMeasure(key)}>
              {MEASURES[key]}
            </button>
          ))}
        </div>
        <FigureDownloads target={svg} name={fileName(runLabel, 'consistency', measure)} label="the quadrant" />
      </div>
      <QuadrantSvg svgRef={svg} page={page} measure={measure} title={title} runId={runId} onHover={setHovered} />
      <p className="small quadrant-hover" aria-live="polite">
        {hovered === null
          ? 'Point at a question to see its figures.'
          : `${hovered.questionId}: ${hovered.outcome}; |S| ${hovered.agreementSize}/${hovered.agents}; CARA-HYB ${decimal(hovered.caraHyb, 2)}; SIM ${decimal(hovered.sim, 2)}; CR ${percent(hovered.contradictionRate, 0)}`}
      </p>
      <figcaption id="quadrant-caption" className="small muted">
        {title}. {integer(page.points.length)} audited question{page.points.length === 1 ? '' : 's'}
        {page.notAudited > 0 && ` (${integer(page.notAudited)} not in the audit)`}. Across: share of agents in the agreement set S(q) (their final answer is the aggregated
        one), spread a little so points do not overlap. Up: {MEASURES[measure]}(q) of the audit; questions with |S| &lt; 2 have none and sit in the strip below.
        Green correct, red wrong, grey other outcomes; a dark ring marks a contradiction rate above 0. Bottom right: agreeing on the answer, reasoning differently.
        Click a point to open the question; the table below lists the same questions.
      </figcaption>
    </figure>
  );
});

const QuadrantSvg = memo(function QuadrantSvg({
  svgRef,
  page,
  measure,
  title,
  runId,
  onHover,
}: {
  svgRef: React.RefObject<SVGSVGElement | null>;
  page: ConsistencyPage;
  measure: Measure;
  title: string;
  runId: string;
  onHover: (point: ConsistencyPoint | null) => void;
}) {
  const values = page.points.map((point) => point[measure]).filter((value): value is number => value !== null);
  const yMin = Math.min(0, ...values);
  const x = (share: number) => MARGIN.left + share * (WIDTH - MARGIN.left - MARGIN.right);
  const y = (value: number) => AXIS_BOTTOM - ((value - yMin) / (1 - yMin)) * (AXIS_BOTTOM - MARGIN.top);
  const agents = Math.max(1, ...page.points.map((point) => point.agents));
  const step = 1 / agents;
  const threshold = measure === 'caraHyb' ? page.lowCaraThreshold : page.lowSim;
  const divider = x(1 - step / 2);
  const ticks = [yMin, ...[0, 0.25, 0.5, 0.75, 1].filter((tick) => tick > yMin)];
  const open = (point: ConsistencyPoint) => navigate(paths.unit(runId, point.unitId));
  const layout = useMemo(() => layOut(page.points, measure, x, y, step), [page, measure]);
  return (
    <svg ref={svgRef} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="quadrant-svg" role="img" aria-label={title} data-testid="consistency-quadrant">
      <rect className="chart-bg" x={0} y={0} width={WIDTH} height={HEIGHT} />
      {ticks.map((tick) => (
        <g key={tick}>
          <line className="grid" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
          <text className="tick" x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
            {tick.toFixed(2)}
          </text>
        </g>
      ))}
      {Array.from({ length: agents + 1 }, (_, size) => (
        <text key={size} className="tick" x={x(size * step)} y={PLOT_BOTTOM + 16} textAnchor="middle">
          {size}/{agents}
        </text>
      ))}
      <line className="divider" x1={divider} x2={divider} y1={MARGIN.top} y2={PLOT_BOTTOM} />
      {threshold !== null && <line className="divider" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(threshold)} y2={y(threshold)} />}
      <text className="quadrant-label" x={WIDTH - MARGIN.right - 4} y={AXIS_BOTTOM - 6} textAnchor="end">
        agree · reason differently
      </text>
      <text className="quadrant-label" x={WIDTH - MARGIN.right - 4} y={MARGIN.top + 12} textAnchor="end">
        agree · reason alike
      </text>
      <text className="quadrant-label" x={MARGIN.left + 6} y={MARGIN.top + 12}>
        split
      </text>
      <text className="tick" x={MARGIN.left - 6} y={PLOT_BOTTOM - NO_SCORE_STRIP / 2} textAnchor="end" dominantBaseline="middle">
        none
      </text>
      <text className="axis-label" x={(MARGIN.left + WIDTH - MARGIN.right) / 2} y={PLOT_BOTTOM + 36} textAnchor="middle">
        agreement: |S(q)| / agents
      </text>
      <text className="axis-label" transform={`translate(14 ${(MARGIN.top + AXIS_BOTTOM) / 2}) rotate(-90)`} textAnchor="middle">
        {MEASURES[measure]}(q)
      </text>
      <g className="legend" transform={`translate(${MARGIN.left} ${HEIGHT - 14})`}>
        <circle className="point outcome-correct" cx={0} cy={-4} r={4} />
        <text x={8} y={0}>correct</text>
        <circle className="point outcome-wrong" cx={72} cy={-4} r={4} />
        <text x={80} y={0}>wrong</text>
        <circle className="point outcome-other" cx={136} cy={-4} r={4} />
        <text x={144} y={0}>other</text>
        <circle className="point outcome-other contradiction" cx={200} cy={-4} r={4.6} />
        <text x={210} y={0}>contradiction rate &gt; 0</text>
        {threshold !== null && <text x={320} y={0}>dashed: {measure === 'caraHyb' ? `low-CARA cut-off ${decimal(threshold, 2)}` : `low SIM ${decimal(threshold, 2)}`} · unanimous to the right</text>}
      </g>
      {/* Six paths, not one element per point: 10,000 circles as DOM nodes made every style pass and scroll of the run page slow. Each path lists its points' ids in data-points, in drawing order. */}
      <g className="points" onClick={(event) => {
        const point = pointAt(event, layout);
        if (point !== null) open(point);
      }} onMouseMove={(event) => onHover(pointAt(event, layout))} onMouseLeave={() => onHover(null)}>
        {layout.groups.map((group) => (
          <path key={group.className} className={`quadrant-points point ${group.className}`} data-points={group.ids.join(' ')} d={group.d} />
        ))}
      </g>
    </svg>
  );
});

/** A point where it is drawn. */
interface PlacedPoint {
  point: ConsistencyPoint;
  cx: number;
  cy: number;
  r: number;
}

/** The points placed, and grouped into one path per paint (outcome × contradiction ring). */
interface QuadrantLayout {
  placed: PlacedPoint[];
  groups: Array<{ className: string; ids: string[]; d: string }>;
}

const round = (value: number) => Math.round(value * 10) / 10;

function layOut(points: readonly ConsistencyPoint[], measure: Measure, x: (share: number) => number, y: (value: number) => number, step: number): QuadrantLayout {
  const placed: PlacedPoint[] = [];
  const groups = new Map<string, { ids: string[]; d: string[] }>();
  for (const point of points) {
    const value = point[measure];
    const cx = round(Math.min(WIDTH - MARGIN.right - 4, Math.max(MARGIN.left + 4, x(point.agreement) + jitter(point.unitId, 1) * step * 0.5 * (WIDTH - MARGIN.left - MARGIN.right))));
    const cy = round(value === null ? PLOT_BOTTOM - NO_SCORE_STRIP / 2 + jitter(point.unitId, 2) * (NO_SCORE_STRIP - 8) : y(value));
    const outcome = point.outcome === 'correct' || point.outcome === 'wrong' ? point.outcome : 'other';
    const contradiction = (point.contradictionRate ?? 0) > 0;
    const r = contradiction ? 4.6 : 3.6;
    placed.push({ point, cx, cy, r });
    const className = `outcome-${outcome}${contradiction ? ' contradiction' : ''}`;
    let group = groups.get(className);
    if (group === undefined) groups.set(className, (group = { ids: [], d: [] }));
    group.ids.push(point.unitId);
    // A circle as a path: move to the centre (so the centre can be read back), then two arcs.
    group.d.push(`M${cx} ${cy}m-${r} 0a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 -${2 * r} 0`);
  }
  return { placed, groups: [...groups].map(([className, group]) => ({ className, ids: group.ids, d: group.d.join('') })) };
}

/** The point under the pointer (the nearest centre within its radius plus a pixel), or null. */
function pointAt(event: MouseEvent<SVGGElement>, layout: QuadrantLayout): ConsistencyPoint | null {
  const matrix = event.currentTarget.ownerSVGElement?.getScreenCTM();
  if (matrix === null || matrix === undefined) return null;
  const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  let best: PlacedPoint | null = null;
  let bestDistance = Infinity;
  for (const placed of layout.placed) {
    const distance = (placed.cx - at.x) ** 2 + (placed.cy - at.y) ** 2;
    if (distance < bestDistance && distance <= (placed.r + 1) ** 2) {
      best = placed;
      bestDistance = distance;
    }
  }
  return best?.point ?? null;
}
