import type { RunHeader, RunMetricsPage } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { usePolledApi } from '../lib/use-polled-api.js';
import { ErrorBox } from './error-box.js';
import { RunIndexProgress } from './run-index-progress.js';
import { RunMetricsPanel } from './run-metrics-panel.js';

/**
 * The run's metrics, fetched on their own: they need every unit of the run
 * read (the server's unit index), the header and the first rows do not and
 * show first. While they load on a large run, how far the reading has got.
 */
export function RunMetricsSection({ run, pollMs }: { run: RunHeader; pollMs: number | null }) {
  const state = usePolledApi<RunMetricsPage>(apiPath(`/api/runs/${encodeURIComponent(run.id)}/metrics`), pollMs);
  if (state.status === 'error') return <ErrorBox error={state.error} />;
  if (state.status === 'loading') {
    return (
      <section>
        <h2>Metrics</h2>
        <RunIndexProgress runId={run.id} what="the metrics" />
      </section>
    );
  }
  return <RunMetricsPanel run={{ ...run, metrics: state.data.metrics }} />;
}
