import { useEffect, useState } from 'react';
import type { RunHeader, UnitOutcome } from '../../server/api-types.js';
import { AuditSummaryPanel } from '../components/audit-summary-panel.js';
import { Breadcrumbs } from '../components/breadcrumbs.js';
import { ErrorBox } from '../components/error-box.js';
import { Loading } from '../components/loading.js';
import { RunConfigPanel } from '../components/run-config-panel.js';
import { RunMetricsSection } from '../components/run-metrics-section.js';
import { StatusBadge } from '../components/status-badge.js';
import { UnitFiltersBar } from '../components/unit-filters-bar.js';
import { UnitTable, unitPagePath } from '../components/unit-table.js';
import { apiPath, prefetchJson } from '../lib/api-client.js';
import { dateTime } from '../lib/format.js';
import { navigate, paths } from '../lib/router.js';
import { usePolledApi } from '../lib/use-polled-api.js';
import { useTitle } from '../lib/use-title.js';
import { tableQuery, type TableMeta } from '../lib/unit-query.js';
import { ConsistencyQuadrant } from '../components/consistency-quadrant.js';
import { RunProgress } from '../components/run-progress.js';
import { Link } from '../components/link.js';

/** How often a run still going is read again. */
const LIVE_MS = 2_000;

/** A run: the consistency quadrant, metrics, audits, configuration and the per-question table; a run still going updates itself. */
export function RunPage({ runId, search }: { runId: string; search: URLSearchParams }) {
  const [live, setLive] = useState(true);
  // The header, not the whole run: its metrics come separately (RunMetricsSection), after the first rows.
  const state = usePolledApi<RunHeader>(apiPath(`/api/runs/${encodeURIComponent(runId)}/header`), live ? LIVE_MS : null);
  const running = state.status === 'ok' && state.data.status === 'running';
  if (state.status === 'ok' && live !== running) setLive(running);
  const [meta, setMeta] = useState<TableMeta | null>(null);
  useTitle(`Run ${runId}`);
  const query = tableQuery(search);
  const quadrantQuery = tableQuery(new URLSearchParams([...search].filter(([name]) => name !== 'sort')));
  const setSearch = (next: URLSearchParams) => navigate(paths.run(runId, next), { replace: true });
  // The table mounts only once the header is here: ask for its first rows now, alongside the header
  // (once per run opened, with the filters it was opened with).
  useEffect(() => prefetchJson(unitPagePath(runId, query, 0)), [runId]);
  // The quadrant and the metrics need the server's index of every unit; the first rows do not. Asking for them
  // once the first rows are in keeps that reading from delaying the rows on a large run just opened.
  // (A table that failed does not hold them back: its error is shown, and they may still be readable.)
  const [tableFailed, setTableFailed] = useState(false);
  const firstRowsIn = meta !== null || tableFailed;
  return (
    <div className="page">
      <Breadcrumbs items={[{ label: 'Runs', to: paths.runs() }, { label: runId }]} />
      {state.status === 'loading' && <Loading what="the run" />}
      {state.status === 'error' && <ErrorBox error={state.error} />}
      {state.status === 'ok' && (
        <>
          <h1 className="mono">
            {state.data.id} <StatusBadge value={state.data.status} />
          </h1>
          <p className="subtitle">
            {state.data.config.protocol.name} on {state.data.config.dataset.name} · {state.data.config.agents.length} agents
            {state.data.config.judge !== undefined && ' + judge'} · seeds {state.data.config.seeds.join(', ')} · created {dateTime(state.data.createdAt)}
          </p>
          <p className="table-tools">
            <Link to={`/compare?a=${encodeURIComponent(runId)}`}>Compare this run with another</Link>
          </p>
          {running && <RunProgress units={state.data.units} />}
          {state.data.audits.length > 0 && search.get('audit') !== 'none' && (
            <section>
              <h2>Consistency: do agents that agree reason alike?</h2>
              {firstRowsIn ? (
                <ConsistencyQuadrant key={`${state.data.audits[0]!.id}:${state.data.units.done}`} runId={runId} query={quadrantQuery} runLabel={runId} />
              ) : (
                <p className="loading">Loading the consistency quadrant…</p>
              )}
            </section>
          )}
          {firstRowsIn ? (
            <RunMetricsSection run={state.data} pollMs={running ? LIVE_MS : null} />
          ) : (
            <section>
              <h2>Metrics</h2>
              <Loading what="the metrics" />
            </section>
          )}
          <AuditSummaryPanel
            audits={state.data.audits}
            selected={meta?.auditId ?? null}
            onSelect={(auditId) => {
              const next = new URLSearchParams(search);
              next.set('audit', auditId);
              for (const name of ['eligible', 'failureMode', 'lowCara', 'caraBelow']) next.delete(name);
              setSearch(next);
            }}
            onFailureMode={(mode) => {
              const next = new URLSearchParams(search);
              next.set('failureMode', mode);
              setSearch(next);
            }}
          />
          <RunConfigPanel config={state.data.config} />
          <section>
            <h2>Questions</h2>
            <UnitFiltersBar
              search={search}
              onChange={setSearch}
              outcomes={meta?.outcomes ?? (null as Record<UnitOutcome, number> | null)}
              hasAudit={state.data.audits.length > 0 && search.get('audit') !== 'none'}
              protocols={state.data.protocols}
              seeds={state.data.seeds}
            />
            <p className="table-tools">
              <a href={apiPath(`/api/runs/${encodeURIComponent(runId)}/units.csv`) + (query === '' ? '' : `?${query}`)} download>
                Download these questions as CSV
              </a>
            </p>
            <UnitTable runId={runId} query={query} onMeta={setMeta} onFailure={setTableFailed} live={running} />
          </section>
        </>
      )}
    </div>
  );
}
