import type { RunHeader, RunMetricsPage } from '../../server/api-types.js';
import { apiPath } from '../lib/api-client.js';
import { usePolledApi } from '../lib/use-polled-api.js';
import { ErrorBox } from './error-box.js';
import { Loading } from './loading.js';
import { RunMetricsPanel } from './run-metrics-panel.js';

/**
 * The run's metrics, fetched on their own: on a large run they take the
 * server longer than the header and the first rows, which show first.
 */
export function RunMetricsSection({ run, pollMs }: { run: RunHeader; pollMs: number | null }) {
  const state = usePolledApi<RunMetricsPage>(apiPath(`/api/runs/${encodeURIComponent(run.id)}/metrics`), pollMs);
  if (state.status === 'error') return <ErrorBox error={state.error} />;
  if (state.status === 'loading') {
    return (
      <section>
        <h2>Metrics</h2>
        <Loading what="the metrics" />
      </section>
    );
  }
  return <RunMetricsPanel run={{ ...run, metrics: state.data.metrics }} />;
}
