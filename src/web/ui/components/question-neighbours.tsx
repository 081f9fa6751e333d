import type { UnitNeighbours } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { integer } from '../lib/format.js';
import { paths } from '../lib/router.js';
import { useApi } from '../lib/use-api.js';
import { Link } from './link.js';

/** Previous and next question of the run, in plan order. */
export function QuestionNeighbours({ runId, unitId }: { runId: string; unitId: string }) {
  const state = useApi<UnitNeighbours>(apiPath(`/api/units/${encodeURIComponent(unitId)}/neighbours`));
  if (state.status !== 'ok') return null;
  const { previous, next, position, total } = state.data;
  return (
    <nav className="neighbours" aria-label="previous and next question">
      {previous === null ? <span className="muted">first question</span> : <Link to={paths.unit(runId, previous.id)} rel="prev">← {previous.questionId}</Link>}
      <span className="muted small">
        {integer(position + 1)} of {integer(total)}
      </span>
      {next === null ? <span className="muted">last question</span> : <Link to={paths.unit(runId, next.id)} rel="next">{next.questionId} →</Link>}
    </nav>
  );
}
