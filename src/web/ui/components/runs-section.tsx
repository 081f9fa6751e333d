import { useState } from 'react';
import type { Page, RunListItem } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { dateTime, integer, percent, usd } from '../lib/format.js';
import { paths } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { ErrorBox } from './error-box.js';
import { Link } from './link.js';
import { Loading } from './loading.js';
import { Pager } from './pager.js';
import { StatusBadge } from './status-badge.js';

const PAGE_SIZE = 50;

/** Stored runs, newest first, with their headline metrics. */
export function RunsSection() {
  const [offset, setOffset] = useState(0);
  const state = useApi<Page<RunListItem>>(apiPath('/api/runs', { offset, limit: PAGE_SIZE }));
  return (
    <section>
      <h1>Runs</h1>
      {state.status === 'loading' && <Loading what="runs" />}
      {state.status === 'error' && <ErrorBox error={state.error} />}
      {state.status === 'ok' && state.data.total === 0 && (
        <p className="empty">
          No runs in this store yet. Start one with <code>quorum run</code> or <code>quorum demo</code>.
        </p>
      )}
      {state.status === 'ok' && state.data.total > 0 && (
        <>
          <table className="data-table runs-table">
            <thead>
              <tr>
                <th>run</th>
                <th>created</th>
                <th>status</th>
                <th>protocol</th>
                <th>dataset</th>
                <th>agents</th>
                <th className="number">units done</th>
                <th className="number">accuracy</th>
                <th className="number">agreement</th>
                <th className="number">tokens</th>
                <th className="number">cost</th>
                <th className="number">audits</th>
              </tr>
            </thead>
            <tbody>
              {state.data.items.map((run) => (
                <tr key={run.id}>
                  <td>
                    <Link to={paths.run(run.id)} className="mono">
                      {run.id}
                    </Link>
                  </td>
                  <td>{dateTime(run.createdAt)}</td>
                  <td>
                    <StatusBadge value={run.status} />
                  </td>
                  <td>{run.protocol === run.preset ? run.protocol : `${run.protocol} (${run.preset})`}</td>
                  <td>{run.dataset}</td>
                  <td title={run.agents.join(', ')}>
                    {run.agents.length}
                    {run.judge !== null && ' + judge'}
                  </td>
                  <td className="number">
                    {integer(run.units.done)} / {integer(run.units.total)}
                    {run.units.failed > 0 && <span className="muted"> ({run.units.failed} failed)</span>}
                  </td>
                  <td className="number">{percent(run.metrics.accuracy)}</td>
                  <td className="number">{percent(run.metrics.agreement)}</td>
                  <td className="number">{integer(run.metrics.tokens.total)}</td>
                  <td className="number">{usd(run.metrics.costUsd)}</td>
                  <td className="number">{run.audits}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager offset={offset} limit={PAGE_SIZE} total={state.data.total} onChange={setOffset} />
        </>
      )}
    </section>
  );
}
