import type { PairSide, StudyComparisonView, StudyPairsPage } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { answerText, decimal, integer } from '../lib/format.js';
import type { PairsQuery } from '../lib/pairs-query.js';
import { paths } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { ErrorBox } from './error-box.js';
import { Link } from './link.js';
import { Loading } from './loading.js';
import { Pager } from './pager.js';

const PAGE = 50;

/**
 * Paired per-question differences of two compared protocols: one row per
 * (question, seed) with both units' answers and values, largest
 * differences first; each side clicks through to its trace.
 */
export function PairedDifferences({
  studyId,
  comparisons,
  query,
  onChange,
}: {
  studyId: string;
  comparisons: readonly StudyComparisonView[];
  query: PairsQuery;
  onChange: (query: PairsQuery) => void;
}) {
  const comparison = comparisons[query.comparison];
  const path =
    comparison === undefined || comparison.metrics.length === 0
      ? null
      : apiPath(`/api/studies/${encodeURIComponent(studyId)}/pairs`, {
          treatment: comparison.treatment,
          control: comparison.control,
          dataset: comparison.dataset,
          setup: comparison.setup,
          metric: query.metric,
          differentOnly: query.differentOnly,
          offset: query.offset,
          limit: PAGE,
        });
  const state = useApi<StudyPairsPage>(path);
  if (comparison === undefined) return <p className="muted">The study compares no protocols (one protocol, or no baseline and no pairs).</p>;
  return (
    <div className="paired-differences">
      <div className="filters">
        <label>
          comparison{' '}
          <select aria-label="comparison" value={query.comparison} onChange={(event) => onChange({ ...query, comparison: Number(event.target.value), offset: 0 })}>
            {comparisons.map((entry, index) => (
              <option key={index} value={index}>
                {entry.treatment} − {entry.control} · {entry.dataset} · {entry.setup}
              </option>
            ))}
          </select>
        </label>
        <label>
          metric{' '}
          <select aria-label="metric" value={query.metric} onChange={(event) => onChange({ ...query, metric: event.target.value, offset: 0 })}>
            {comparison.metrics.map((metric) => (
              <option key={metric} value={metric}>
                {metric}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={query.differentOnly} onChange={(event) => onChange({ ...query, differentOnly: event.target.checked, offset: 0 })} /> only pairs that differ
        </label>
      </div>
      {path === null && <p className="muted">No pair has a value under both protocols.</p>}
      {path !== null && state.status === 'loading' && <Loading what="the pairs" />}
      {state.status === 'error' && <ErrorBox error={state.error} />}
      {state.status === 'ok' && (
        <>
          <p className="pairs-tally">
            {integer(state.data.pairs)} pairs: {comparison.treatment} higher on {integer(state.data.treatmentHigher)}, {comparison.control} higher on {integer(state.data.controlHigher)}, equal on{' '}
            {integer(state.data.equal)} · mean difference {decimal(state.data.meanDifference)}
          </p>
          <table className="data-table pairs-table">
            <thead>
              <tr>
                <th>question</th>
                <th className="number">seed</th>
                <th>{comparison.treatment}</th>
                <th>{comparison.control}</th>
                <th className="number">difference</th>
              </tr>
            </thead>
            <tbody>
              {state.data.items.map((row) => (
                <tr key={`${row.questionId}/${row.seed}`} data-pair={`${row.questionId}/${row.seed}`}>
                  <td className="mono">{row.questionId}</td>
                  <td className="number">{row.seed}</td>
                  <td>
                    <PairSideLink side={row.treatment} metric={state.data.metric} role="treatment" />
                  </td>
                  <td>
                    <PairSideLink side={row.control} metric={state.data.metric} role="control" />
                  </td>
                  <td className={`number ${row.difference > 0 ? 'positive' : row.difference < 0 ? 'negative' : ''}`}>{signed(row.difference)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {state.data.total === 0 && <p className="muted">No pair differs on {state.data.metric}.</p>}
          <Pager offset={state.data.offset} limit={PAGE} total={state.data.total} onChange={(offset) => onChange({ ...query, offset })} />
        </>
      )}
    </div>
  );
}

/** One side of a pair: its answer (marked right or wrong) and value, linking to the unit's trace. */
function PairSideLink({ side, metric, role }: { side: PairSide; metric: string; role: 'treatment' | 'control' }) {
  const mark = side.correct === null ? '' : side.correct ? ' ✓' : ' ✗';
  return (
    <Link to={paths.unit(side.runId, side.unitId)} data-side={role} className={side.correct === null ? '' : side.correct ? 'correct' : 'wrong'}>
      {answerText(side.answer)}
      {mark}
      {metric !== 'accuracy' && <span className="muted small"> · {decimal(side.value)}</span>}
    </Link>
  );
}

function signed(value: number): string {
  return value > 0 ? `+${decimal(value)}` : decimal(value);
}
