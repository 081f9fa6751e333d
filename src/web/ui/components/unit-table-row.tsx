import { memo } from 'react';
import type { UnitRow } from '../../server/api-types.js';
import { answerText, decimal, duration, integer, percent } from '../lib/format.js';
import { paths } from '../lib/router.js';
import { Link } from './link.js';
import { StatusBadge } from './status-badge.js';

/** Columns of the per-question table (widths live in the CSS, `.cell-<key>`). */
export const UNIT_COLUMNS = [
  { key: 'index', label: '#', title: 'position in the filtered list' },
  { key: 'question', label: 'question', title: 'question id' },
  { key: 'seed', label: 'seed', title: 'seed' },
  { key: 'outcome', label: 'outcome', title: 'correct, wrong, unparsed, failed, pending or ungraded' },
  { key: 'answer', label: 'answer', title: 'aggregated answer' },
  { key: 'gold', label: 'gold', title: 'gold answer' },
  { key: 'unanimous', label: 'agree', title: 'all agents gave the same answer' },
  { key: 'rounds', label: 'rounds', title: 'rounds run' },
  { key: 'tokens', label: 'tokens', title: 'prompt + completion tokens' },
  { key: 'latency', label: 'latency', title: 'summed call latency' },
  { key: 'cara', label: 'CARA', title: 'CARA-HYB in the selected audit' },
  { key: 'cr', label: 'CR', title: 'contradiction rate in the selected audit' },
  { key: 'fm', label: 'FM', title: 'failure-mode label (low-CARA and no-rationale units)' },
] as const;

/** One row of the virtualised table; `row` is undefined while its page loads. */
export const UnitTableRow = memo(function UnitTableRow({ runId, row, index, top }: { runId: string; row: UnitRow | undefined; index: number; top: number }) {
  const style = { transform: `translateY(${top}px)` };
  if (row === undefined) {
    return (
      <div className="unit-row placeholder" role="row" style={style} aria-rowindex={index + 1}>
        <div className="cell cell-index">{index + 1}</div>
        <div className="cell">…</div>
      </div>
    );
  }
  const audit = row.audit;
  return (
    <Link to={paths.unit(runId, row.id)} className={`unit-row outcome-${row.outcome}`} role="row" style={style} aria-rowindex={index + 1} data-unit-id={row.id}>
      <div className="cell cell-index">{index + 1}</div>
      <div className="cell cell-question mono" title={row.questionId}>
        {row.questionId}
      </div>
      <div className="cell cell-seed">{row.seed}</div>
      <div className="cell cell-outcome">
        <StatusBadge value={row.outcome} />
      </div>
      <div className="cell cell-answer" title={row.answer ?? undefined}>
        {answerText(row.answer)}
      </div>
      <div className="cell cell-gold" title={row.gold ?? undefined}>
        {answerText(row.gold)}
      </div>
      <div className="cell cell-unanimous">{row.unanimous === null ? '—' : row.unanimous ? 'yes' : 'no'}</div>
      <div className="cell cell-rounds">{integer(row.roundsRun)}</div>
      <div className="cell cell-tokens">{integer(row.tokens)}</div>
      <div className="cell cell-latency">{duration(row.latencyMs)}</div>
      <div className={`cell cell-cara${audit?.lowCara === true ? ' low' : ''}`}>{audit === null ? '' : audit.eligible ? decimal(audit.caraHyb, 2) : 'n/e'}</div>
      <div className="cell cell-cr">{audit === null || !audit.eligible ? '' : percent(audit.contradictionRate, 0)}</div>
      <div className="cell cell-fm">{audit?.failureMode ?? ''}</div>
    </Link>
  );
});
