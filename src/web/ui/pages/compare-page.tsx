import { useState } from 'react';
import type { Page, RunComparison, RunListItem } from '../../server/api-types.js';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { CsvButton } from '../components/csv-button.js';
import { ErrorBox } from '../components/error-box.js';
import { Link } from '../components/link.js';
import { Loading } from '../components/loading.js';
import { apiPath } from '../lib/api-client.js';
import { answerText, decimal, integer } from '../lib/format.js';
import { navigate, paths } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { useTitle } from '../lib/use-title.js';

/** Pairs listed at most (the CSV has them all). */
const PAIRS_SHOWN = 500;

const pValue = (test: { p: number } | { undefined: string } | null | undefined): string => (test == null ? '—' : 'p' in test ? decimal(test.p, 4) : '—');

/** Any two runs side by side: the paired statistics of every shared metric and the per-question pairs. */
export function ComparePage({ search }: { search: URLSearchParams }) {
  const a = search.get('a');
  const b = search.get('b');
  useTitle(a !== null && b !== null ? `Compare ${a} with ${b}` : 'Compare two runs');
  const runs = useApi<Page<RunListItem>>(apiPath('/api/runs', { limit: 200 }));
  const comparison = useApi<RunComparison>(a !== null && b !== null ? apiPath(`/api/runs/${encodeURIComponent(a)}/compare/${encodeURIComponent(b)}`) : null);
  const choose = (name: 'a' | 'b', value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    navigate(`/compare?${next}`, { replace: true });
  };
  return (
    <div className="page">
      <Breadcrumbs items={[{ label: 'Runs', to: paths.runs() }, { label: 'compare' }]} />
      <h1>Compare two runs</h1>
      <div className="filters">
        {(['a', 'b'] as const).map((name) => (
          <label key={name} className="inline-control">
            run {name.toUpperCase()}{' '}
            <select value={search.get(name) ?? ''} onChange={(event) => choose(name, event.target.value)}>
              <option value="">choose a run</option>
              {runs.status === 'ok' &&
                runs.data.items.map((run) => (
                  <option key={run.id} value={run.id}>
                    {run.id} · {run.protocol} on {run.dataset}
                  </option>
                ))}
            </select>
          </label>
        ))}
      </div>
      {(a === null || b === null) && <p className="hint">Choose two runs: their finished units are paired by question and seed.</p>}
      {a !== null && b !== null && comparison.status === 'loading' && <Loading what="the comparison" />}
      {comparison.status === 'error' && <ErrorBox error={comparison.error} />}
      {a !== null && b !== null && comparison.status === 'ok' && <ComparisonBody comparison={comparison.data} />}
    </div>
  );
}

function ComparisonBody({ comparison }: { comparison: RunComparison }) {
  const [differOnly, setDifferOnly] = useState(true);
  const { a, b } = comparison;
  const headers = ['metric', 'n', 'mean A', 'mean B', 'A − B', '95 % CI', 'paired t p', 'Wilcoxon p', 'McNemar p', 'd_z'];
  const rows = comparison.metrics.map(({ label, comparison: c }) => [label, c.n, decimal(c.meanA), decimal(c.meanB), decimal(c.meanDifference), c.ci === null ? '—' : `[${decimal(c.ci.low)}, ${decimal(c.ci.high)}]`, pValue(c.tTest), pValue(c.wilcoxon), pValue(c.mcnemar), decimal(c.dz)]);
  const pairs = differOnly ? comparison.pairs.filter((pair) => pair.a.answer !== pair.b.answer || pair.a.correct !== pair.b.correct) : comparison.pairs;
  const mark = (correct: boolean | null) => (correct === null ? '' : correct ? ' ✓' : ' ✗');
  const pairHeaders = ['question', 'seed', 'answer A', 'A correct', 'answer B', 'B correct'];
  const pairRows = pairs.map((pair) => [pair.questionId, pair.seed, pair.a.answer, pair.a.correct, pair.b.answer, pair.b.correct]);
  return (
    <>
      <p className="subtitle">
        A = <Link to={paths.run(a.runId)}>{a.runId}</Link> ({integer(a.units)} units{a.auditId === null ? ', no audit' : `, audit ${a.auditId}`}) · B = <Link to={paths.run(b.runId)}>{b.runId}</Link> ({integer(b.units)} units
        {b.auditId === null ? ', no audit' : `, audit ${b.auditId}`}) · {integer(comparison.pairs.length)} pairs finished in both
      </p>
      <section>
        <h2>
          Differences of every metric <CsvButton name={`compare-${a.runId}-${b.runId}-metrics`} headers={headers} rows={rows} />
        </h2>
        <div className="table-scroll">
          <table className="data-table compact" data-testid="compare-metrics">
            <caption className="small muted">
              Paired by (question, seed) on the pairs where both runs have a value; A − B with a percentile bootstrap CI ({comparison.bootstrap.resamples} resamples, seed{' '}
              {comparison.bootstrap.seed}), two-sided paired t and Wilcoxon signed-rank tests, McNemar for 0/1 metrics, Cohen&apos;s d_z — the statistics of a study report.
            </caption>
            <thead>
              <tr>
                {headers.map((header) => (
                  <th key={header}>{header}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, index) => (
                    <td key={index} className={index > 0 ? 'number' : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section>
        <h2>
          Per question <CsvButton name={`compare-${a.runId}-${b.runId}-pairs`} headers={pairHeaders} rows={pairRows} />
        </h2>
        <label className="inline-control">
          <input type="checkbox" checked={differOnly} onChange={(event) => setDifferOnly(event.target.checked)} /> only pairs whose answers differ
        </label>
        <div className="table-scroll">
          <table className="data-table compact" data-testid="compare-pairs">
            <thead>
              <tr>
                <th>question</th>
                <th>seed</th>
                <th>A</th>
                <th>B</th>
              </tr>
            </thead>
            <tbody>
              {pairs.slice(0, PAIRS_SHOWN).map((pair) => (
                <tr key={`${pair.questionId}\u0000${pair.seed}`}>
                  <td className="mono">{pair.questionId}</td>
                  <td>{pair.seed}</td>
                  <td>
                    <Link to={paths.unit(a.runId, pair.a.unitId)}>{answerText(pair.a.answer)}</Link>
                    {mark(pair.a.correct)}
                  </td>
                  <td>
                    <Link to={paths.unit(b.runId, pair.b.unitId)}>{answerText(pair.b.answer)}</Link>
                    {mark(pair.b.correct)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {pairs.length > PAIRS_SHOWN && <p className="hint">First {PAIRS_SHOWN} of {integer(pairs.length)} pairs; the CSV has them all.</p>}
      </section>
    </>
  );
}
