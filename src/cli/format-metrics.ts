import type { RunMetrics } from '../metrics/run-metrics.js';
import type { RunRecord } from '../spec/store.js';

const percent = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/** The JSON object printed by `run --json` and `show --json`. */
export function metricsJson(run: RunRecord, metrics: RunMetrics): Record<string, unknown> {
  return {
    runId: run.id,
    status: run.status,
    protocol: run.config.protocol.name,
    dataset: run.config.dataset.name,
    agents: run.config.agents.map((agent) => ({ name: agent.name, backend: agent.backend })),
    seeds: run.config.seeds,
    ...metrics,
  };
}

/** Human-readable lines for `quorum show`. */
export function formatRunMetrics(run: RunRecord, metrics: RunMetrics): string {
  const config = run.config;
  const lines = [
    `run ${run.id} (${run.status}) · created ${run.createdAt}`,
    `protocol ${config.protocol.name} · rounds ${String(config.protocol.params.rounds)} · visibility ${String(config.protocol.params.visibility)} · format ${String(config.protocol.params.format)}`,
    `dataset ${config.dataset.name} (${config.dataset.questionIds.length} questions) · seeds ${config.seeds.join(',')}`,
    `agents ${config.agents.map((agent) => `${agent.name}=${agent.backend}`).join(', ')}`,
    '',
    `units        ${metrics.completed} done, ${metrics.failed} failed, ${metrics.pending} pending of ${metrics.units}`,
    `accuracy     ${percent(metrics.accuracy)}`,
    `agreement    ${percent(metrics.agreement)} (all agents' final answers equal)`,
    `unparsed     ${percent(metrics.unparsed)} of final answers, ${percent(metrics.unparsedTurns)} of turns`,
    `changes      ${metrics.dynamics.answerChanges} answer changes · correct→wrong ${metrics.dynamics.correctToWrong} · wrong→correct ${metrics.dynamics.wrongToCorrect}`,
    `by round     agreement ${metrics.dynamics.agreementByRound.map(percent).join(' → ')} · accuracy ${metrics.dynamics.accuracyByRound.map(percent).join(' → ')}`,
    `tokens       ${metrics.tokens.total} (prompt ${metrics.tokens.promptTokens}, cached ${metrics.tokens.cachedPromptTokens}, completion ${metrics.tokens.completionTokens})`,
    `calls        ${metrics.calls} (${metrics.cacheHits} from cache)`,
    `latency      ${metrics.latencyMsPerUnit === null ? 'n/a' : `${(metrics.latencyMsPerUnit / 1000).toFixed(2)} s`} of model time per unit`,
    `cost         ${metrics.costUsd === null ? 'n/a (no price for these backends)' : `$${metrics.costUsd.toFixed(4)}`}`,
  ];
  return lines.join('\n');
}
