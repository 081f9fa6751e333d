import { memo } from 'react';
import type { UnitRow } from '../../server/api-types.js';
import { answerText, decimal, duration, integer, percent } from '../lib/format.js';
import { paths } from '../lib/router.js';
import { Link } from './link.js';
import { StatusBadge } from './status-badge.js';

/** Columns of the per-question table (widths live in the CSS, `.cell-<key>`). */
export const UNIT_COLUMNS = [
  { key: 'index', label: '#', title: 'position in the filtered list' },
  { key: 'question', label: 'question', title: 'the question as the first agent received it' },
  { key: 'id', label: 'id', title: 'question id' },
  { key: 'seed', label: 'seed', title: 'seed' },
  { key: 'outcome', label: 'outcome', title: 'correct, wrong, unparsed, failed, pending or ungraded' },
  { key: 'answer', label: 'answer', title: 'aggregated answer' },
  { key: 'gold', label: 'gold', title: 'gold answer' },
  { key: 'agreement', label: '|S|', title: 'agreement set: agents whose final answer is the aggregated answer, of all agents' },
  { key: 'cara', label: 'CARA', title: 'CARA-HYB in the selected audit (n/e: not eligible, |S| < 2)' },
  { key: 'sim', label: 'SIM', title: 'SIM (mean best-match cosine) in the selected audit' },
  { key: 'cr', label: 'CR', title: 'contradiction rate in the selected audit' },
  { key: 'fm', label: 'FM', title: 'failure-mode label (low-CARA and no-rationale units)' },
  { key: 'rounds', label: 'rounds', title: 'rounds run' },
  { key: 'tokens', label: 'tokens', title: 'prompt + completion tokens' },
  { key: 'latency', label: 'latency', title: 'summed call latency' },
] as const;

/** One row of the virtualised table; `row` is undefined while its page loads. */
export const UnitTableRow = memo(function UnitTableRow({ runId, row, index, top }: { runId: string; row: UnitRow | undefined; index: number; top: number }) {
  const style = { transform: `translateY(${top}px)` };
  if (row === undefined) {
    return (
      <div className="unit-row placeholder" role="row" style={style} aria-rowindex={index + 1}>
        <div className="cell cell-index" role="cell">
          {index + 1}
        </div>
        <div className="cell" role="cell">
          …
        </div>
      </div>
    );
  }
  const audit = row.audit;
  const eligible = audit !== null && audit.eligible;
  return (
    <Link to={paths.unit(runId, row.id)} className={`unit-row outcome-${row.outcome}`} role="row" style={style} aria-rowindex={index + 1} data-unit-id={row.id}>
      <div className="cell cell-index" role="cell">
        {index + 1}
      </div>
      <div className="cell cell-question" role="cell" title={row.questionText ?? row.questionId}>
        {row.questionText ?? <span className="muted">{row.status === 'pending' ? 'pending' : 'reading…'}</span>}
      </div>
      <div className="cell cell-id mono" role="cell" title={row.questionId}>
        {row.questionId}
      </div>
      <div className="cell cell-seed" role="cell">
        {row.seed}
      </div>
      <div className="cell cell-outcome" role="cell">
        <StatusBadge value={row.outcome} />
      </div>
      <div className="cell cell-answer" role="cell" title={row.answer ?? undefined}>
        {answerText(row.answer)}
      </div>
      <div className="cell cell-gold" role="cell" title={row.gold ?? undefined}>
        {answerText(row.gold)}
      </div>
      <div className="cell cell-agreement" role="cell" title={row.unanimous === true ? 'unanimous' : undefined}>
        {row.agreementSize === null ? '' : `${row.agreementSize}/${integer(row.agents)}`}
      </div>
      <div className={`cell cell-cara${audit?.lowCara === true ? ' low' : ''}`} role="cell">
        {audit === null ? '' : eligible ? decimal(audit.caraHyb, 2) : 'n/e'}
      </div>
      <div className="cell cell-sim" role="cell">
        {eligible ? decimal(audit.sim, 2) : ''}
      </div>
      <div className="cell cell-cr" role="cell">
        {eligible ? percent(audit.contradictionRate, 0) : ''}
      </div>
      <div className="cell cell-fm" role="cell">
        {audit?.failureMode ?? ''}
      </div>
      <div className="cell cell-rounds" role="cell">
        {integer(row.roundsRun)}
      </div>
      <div className="cell cell-tokens" role="cell">
        {integer(row.tokens)}
      </div>
      <div className="cell cell-latency" role="cell">
        {duration(row.latencyMs)}
      </div>
    </Link>
  );
});
