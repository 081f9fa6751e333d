import type { RunRecord } from '../../spec/store.js';
import type { ApiContext } from './api-context.js';
import type { HeadlineMetrics, RunListItem, RunMetricsView } from './api-types.js';

/** A run as the runs list and a study's cells show it: what ran, unit counts, headline metrics. */
export async function runListItem(api: ApiContext, run: RunRecord): Promise<RunListItem> {
  const metrics = await (await api.data.runIndex(run)).metrics();
  const audits = await api.data.store.listAudits(run.id);
  return {
    id: run.id,
    createdAt: run.createdAt,
    status: run.status,
    protocol: run.config.protocol.name,
    preset: run.config.protocol.preset,
    dataset: run.config.dataset.name,
    agents: run.config.agents.map((agent) => agent.name),
    judge: run.config.judge?.name ?? null,
    seeds: run.config.seeds,
    units: { pending: metrics.pending, done: metrics.completed, failed: metrics.failed, total: metrics.units },
    metrics: headline(metrics),
    audits: audits.length,
  };
}

function headline(metrics: RunMetricsView): HeadlineMetrics {
  return {
    accuracy: metrics.accuracy,
    agreement: metrics.agreement,
    unparsed: metrics.unparsed,
    tokens: metrics.tokens,
    costUsd: metrics.costUsd,
    latencyMsPerUnit: metrics.latencyMsPerUnit,
  };
}
