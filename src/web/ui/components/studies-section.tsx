import type { Page, StudyListItem } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { dateTime } from '../lib/format.js';
import { paths } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { ErrorBox } from './error-box.js';
import { Link } from './link.js';
import { StatusBadge } from './status-badge.js';

/** Stored studies (only when the store has any), most recently updated first. */
export function StudiesSection() {
  const state = useApi<Page<StudyListItem>>(apiPath('/api/studies', { limit: 200 }));
  if (state.status === 'error') return <ErrorBox error={state.error} />;
  if (state.status !== 'ok' || state.data.total === 0) return null;
  return (
    <section>
      <h1>Studies</h1>
      <table className="data-table">
        <thead>
          <tr>
            <th>study</th>
            <th>status</th>
            <th>updated</th>
            <th className="number">runs</th>
            <th>note</th>
          </tr>
        </thead>
        <tbody>
          {state.data.items.map((study) => (
            <tr key={study.id}>
              <td>
                <Link to={paths.study(study.id)}>{study.name}</Link> <span className="mono small muted">{study.id}</span>
              </td>
              <td>
                <StatusBadge value={study.status} />
              </td>
              <td>{dateTime(study.updatedAt)}</td>
              <td className="number">{study.runs}</td>
              <td className="muted">{study.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {state.data.total > state.data.items.length && <p className="muted small">{state.data.total - state.data.items.length} older studies not shown</p>}
    </section>
  );
}
