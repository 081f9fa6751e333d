import type { StudyDetail } from '../../server/api-types.js';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { Collapsible } from '../components/collapsible.js';
import { ErrorBox } from '../components/error-box.js';
import { JsonView } from '../components/json-view.js';
import { Link } from '../components/link.js';
import { Loading } from '../components/loading.js';
import { StatusBadge } from '../components/status-badge.js';
import { StudyReportSection } from '../components/study-report-section.js';
import { apiPath } from '../lib/api-client.js';
import { dateTime, integer, percent, usd } from '../lib/format.js';
import { paths } from '../lib/router.js';
import { useTitle } from '../lib/use-title.js';
import { useApi } from '../lib/use-api.js';

/** A study: its grid of cells (each clicking through to its run), then its report with paired differences. */
export function StudyPage({ studyId, search }: { studyId: string; search: URLSearchParams }) {
  const state = useApi<StudyDetail>(apiPath(`/api/studies/${encodeURIComponent(studyId)}`, { limit: 200 }));
  useTitle(`Study ${state.status === 'ok' ? state.data.study.name : studyId}`);
  return (
    <div className="page">
      <Breadcrumbs items={[{ label: 'Studies', to: paths.runs() }, { label: state.status === 'ok' ? state.data.study.name : studyId }]} />
      {state.status === 'loading' && <Loading what="the study" />}
      {state.status === 'error' && <ErrorBox error={state.error} />}
      {state.status === 'ok' && (
        <>
          <h1>
            {state.data.study.name} <StatusBadge value={state.data.study.status} />
          </h1>
          <p className="subtitle">
            <span className="mono">{state.data.study.id}</span> · created {dateTime(state.data.study.createdAt)} · updated {dateTime(state.data.study.updatedAt)}
            {state.data.study.note !== null && ` · ${state.data.study.note}`}
          </p>
          <section>
            <h2>Cells</h2>
            <table className="data-table">
              <thead>
                <tr>
                  <th>protocol</th>
                  <th>dataset</th>
                  <th>setup</th>
                  <th>run</th>
                  <th className="number">units done</th>
                  <th className="number">accuracy</th>
                  <th className="number">agreement</th>
                  <th className="number">tokens</th>
                  <th className="number">cost</th>
                  <th className="number">audits</th>
                </tr>
              </thead>
              <tbody>
                {state.data.cells.items.map((cell) => (
                  <tr key={cell.cell}>
                    <td>{cell.protocol}</td>
                    <td>{cell.dataset}</td>
                    <td>{cell.setup}</td>
                    <td>
                      {cell.run === null ? (
                        <span className="muted">{cell.runId} (not in this store)</span>
                      ) : (
                        <Link to={paths.run(cell.runId)} className="mono">
                          {cell.runId}
                        </Link>
                      )}
                    </td>
                    <td className="number">{cell.run === null ? '—' : `${integer(cell.run.units.done)} / ${integer(cell.run.units.total)}`}</td>
                    <td className="number">{percent(cell.run?.metrics.accuracy)}</td>
                    <td className="number">{percent(cell.run?.metrics.agreement)}</td>
                    <td className="number">{integer(cell.run?.metrics.tokens.total)}</td>
                    <td className="number">{usd(cell.run?.metrics.costUsd)}</td>
                    <td className="number">{cell.run?.audits ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {state.data.cells.total > state.data.cells.items.length && <p className="muted small">showing {state.data.cells.items.length} of {state.data.cells.total} cells</p>}
          </section>
          <StudyReportSection studyId={state.data.study.id} search={search} />
          <p className="muted small">
            The same report as files (Markdown, HTML, CSV, SVG, PNG): <code>quorum study report {state.data.study.id}</code>.
          </p>
          <Collapsible summary="study configuration (JSON)">{() => <JsonView value={state.data.study.config} />}</Collapsible>
        </>
      )}
    </div>
  );
}
