import { loadQuestions } from '../datasets/load-questions.js';
import { registeredMetrics, metricValue, requireMetric } from '../metrics/metric-registry.js';
import { metricUnits } from '../metrics/metric-units.js';
import { findProtocolFactory, type ProtocolFactory, registerProtocol } from '../protocols/registry.js';
import type { RunOutcome } from '../runner/execute-run.js';
import { readMetricInputs } from '../runner/measure-run.js';
import { type AgentRequest, startRun, type StartRunOptions, uniformAgents } from '../runner/start-run.js';
import type { ChatBackend } from '../spec/chat.js';
import { ConfigError } from '../spec/errors.js';
import type { Metric } from '../spec/metric.js';
import type { Question } from '../spec/question.js';
import type { TraceStore, UnitRecord } from '../spec/store.js';
import { openStore } from '../store/open-store.js';

/** What `run` needs; everything but protocol, dataset and backend has the CLI's default. */
export interface RunOptions {
  /** A registered protocol's name, or a definition (`defineProtocol`), registered on first use. */
  protocol: string | ProtocolFactory;
  /** A dataset name (`demo`, `medqa`, a plugin's), or questions given directly. */
  dataset: string | { name: string; questions: readonly Question[] };
  /** The data file of a named dataset (`--data`). */
  path?: string;
  /** The first `limit` questions. */
  limit?: number;
  /** A backend spec (`openai:model@url`, `llama:file.gguf`, `scripted:name`) or a backend object. */
  backend: string | ChatBackend;
  /** Agents on `backend` (default: the protocol's roles, else 3), or agents one by one. */
  agents?: number | AgentRequest[];
  /** A store location (`runs.db`, `postgres://…`) or an open store (default: a fresh in-memory SQLite store). */
  store?: string | TraceStore;
  seeds?: number[];
  concurrency?: number;
  /** Protocol parameter overrides, checked by the protocol. */
  params?: Readonly<Record<string, unknown>>;
  /** Anything else `startRun` takes (judge, prices, signal, …). */
  more?: Partial<StartRunOptions>;
}

/** A finished `run`: the outcome, its units and the store that holds them (open; close it when done). */
export interface RunResult extends RunOutcome {
  store: TraceStore;
  units: UnitRecord[];
}

/**
 * Runs a protocol on a dataset, as `quorum run` does, and returns the
 * stored units. A backend object is used as is, wrapped in the standard
 * middleware (cache, retry, limits, accounting); its id names it in the run.
 */
export async function run(options: RunOptions): Promise<RunResult> {
  const factory = typeof options.protocol === 'string' ? undefined : options.protocol;
  if (factory !== undefined && findProtocolFactory(factory.name) !== factory) registerProtocol(factory);
  const protocol = typeof options.protocol === 'string' ? options.protocol : options.protocol.name;
  const dataset =
    typeof options.dataset === 'string'
      ? await loadQuestions({ dataset: options.dataset, ...(options.path === undefined ? {} : { path: options.path }), ...(options.limit === undefined ? {} : { limit: options.limit }) })
      : { name: options.dataset.name, path: `library:${options.dataset.name}`, questions: options.limit === undefined ? options.dataset.questions : options.dataset.questions.slice(0, options.limit) };
  const spec = typeof options.backend === 'string' ? options.backend : options.backend.id;
  const roles = findProtocolFactory(protocol)?.roles;
  const agents = Array.isArray(options.agents) ? options.agents : uniformAgents(options.agents ?? roles?.length ?? 3, spec);
  const store = typeof options.store === 'object' ? options.store : await openStore(options.store ?? ':memory:');
  const outcome = await startRun({
    store,
    protocol,
    overrides: options.params ?? {},
    dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions, ...(options.limit === undefined ? {} : { limit: options.limit }) },
    agents,
    seeds: options.seeds ?? [1],
    concurrency: options.concurrency ?? 4,
    reuseFinished: true,
    ...(typeof options.backend === 'string' ? {} : { backends: new Map([[spec, options.backend]]) }),
    ...options.more,
  });
  return { ...outcome, store, units: await store.listUnits(outcome.runId) };
}

/** One metric's values over a run's finished units: null where it is n/a for a unit. */
export interface MetricValues {
  metric: Metric;
  values: Array<number | null>;
  /** Mean of the values that are not null; null when none is. */
  mean: number | null;
}

/**
 * Computes metrics (registered keys or `defineMetric` objects; default:
 * every registered one) over a run's finished units, from their stored
 * summaries and what the metrics' needs ask for (`readMetricInputs`: the
 * events, the questions rebuilt from the run's recorded dataset), as
 * `quorum show` does.
 */
export async function runMetrics(store: TraceStore, runId: string, metrics: ReadonlyArray<string | Metric> = registeredMetrics()): Promise<MetricValues[]> {
  const run = await store.getRun(runId);
  if (run === undefined) throw new ConfigError(`no run "${runId}" in the store`, 'list runs with `quorum runs`');
  const chosen = metrics.map((entry) => (typeof entry === 'string' ? requireMetric(entry) : entry));
  const units = await store.listUnits(runId, { status: 'done' });
  const { events, questions } = await readMetricInputs(store, run, units, { metrics: chosen });
  const inputs = metricUnits(units, { ...(events === undefined ? {} : { events }), ...(questions === undefined ? {} : { questions }), params: run.config.protocol.params });
  return chosen.map((metric) => {
    const values = inputs.map((unit) => metricValue(metric, unit));
    const present = values.filter((value): value is number => value !== null);
    return { metric, values, mean: present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0) / present.length };
  });
}
