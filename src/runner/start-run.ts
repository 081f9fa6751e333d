import { randomBytes } from 'node:crypto';
import type { ForecastEventOptions } from '../datasets/forecast-events.js';
import type { Decoding } from '../spec/chat.js';
import { ConfigError } from '../spec/errors.js';
import type { Question } from '../spec/question.js';
import type { RunConfig } from '../spec/run-config.js';
import type { TraceStore } from '../spec/store.js';
import type { PriceTable } from '../backends/prices.js';
import { getProtocolFactory, type ProtocolOptions } from '../protocols/registry.js';
import { hashValue } from '../util/hash.js';
import type { Clock } from '../util/clock.js';
import { CODE_VERSION, codeGitCommit } from '../version.js';
import { DeadBackendError } from '../backends/middleware/dead-backend-watch.js';
import { BackendPool, type BackendPoolOptions } from './backend-pool.js';
import { executeRun, type RunOutcome } from './execute-run.js';
import type { ProgressReporter } from './progress.js';
import { bindRunAgents, resolveRunAgents } from './resolve-run-agents.js';

/** One agent as requested by the user. */
export interface AgentRequest {
  name?: string;
  backend: string;
  persona?: string;
  decoding?: Decoding;
}

/** What `quorum run` asks for, independent of the CLI. */
export interface StartRunOptions {
  store: TraceStore;
  protocol: string;
  /** Parameter overrides: a debate preset's engine parameters, or the protocol's own (each protocol checks them). */
  overrides?: ProtocolOptions['overrides'];
  /** For `adaptive`: the preset to escalate to. */
  escalate?: string;
  /** The judge; protocols that need one and get none are judged by the first agent's backend. */
  judge?: AgentRequest;
  /** The questions and how they were loaded; `forecast` is the resolved FRED event selection (`LoadedDataset.forecast`). */
  dataset: { name: string; path: string; questions: readonly Question[]; limit?: number; forecast?: ForecastEventOptions };
  agents: readonly AgentRequest[];
  seeds: readonly number[];
  concurrency: number;
  /** Absolute paths of the plugin files loaded for this run (`loadPlugin`), recorded so queue workers load them too. */
  plugins?: readonly string[];
  replay?: boolean;
  resumeRunId?: string;
  fresh?: boolean;
  /** Prices by model over the built-in table (USD per million tokens). */
  prices?: PriceTable;
  /** See `RunPlan.retryFailed`. */
  retryFailed?: boolean;
  /** See `RunPlan.reuseFinished`. */
  reuseFinished?: boolean;
  /** Continue a run made by another code version (see `RunPlan.allowVersionMix`). */
  allowVersionMix?: boolean;
  progress?: ProgressReporter;
  signal?: AbortSignal;
  clock?: Clock;
  newRunId?: () => string;
  backendConcurrency?: number;
  llama?: BackendPoolOptions['llama'];
  openai?: BackendPoolOptions['openai'];
  /** Calls in a row failing to connect before a backend counts as down and the run stops (default 8). */
  deadAfterCalls?: number;
  retry?: BackendPoolOptions['retry'];
  /** Backend objects by the spec agents name them with (see `BackendPoolOptions.provided`). */
  backends?: BackendPoolOptions['provided'];
}

/** A new run id: time-ordered prefix plus randomness. */
export function newRunId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `run-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** Builds `count` agents on one backend with neutral names. */
export function uniformAgents(count: number, backend: string, decoding?: Decoding): AgentRequest[] {
  if (!Number.isInteger(count) || count < 1) throw new ConfigError(`--agents must be a whole number ≥ 1, got ${count}`);
  return Array.from({ length: count }, () => ({ backend, ...(decoding === undefined ? {} : { decoding }) }));
}

/**
 * Resolves a run (protocol, agents and their backends, questions, seeds),
 * stores its full configuration and executes it — or resumes the matching
 * unfinished run.
 */
export async function startRun(options: StartRunOptions): Promise<RunOutcome> {
  const factory = getProtocolFactory(options.protocol);
  const protocol = factory.create({ overrides: options.overrides ?? {}, ...(options.escalate === undefined ? {} : { escalate: options.escalate }) });
  if (options.seeds.length === 0) throw new ConfigError('no seeds given', 'pass --seed 1 or --seed 1,2,3');
  if (options.dataset.questions.length === 0) throw new ConfigError(`dataset ${options.dataset.path} has no questions`);
  const resolved = resolveRunAgents(factory, protocol, options.agents, options.judge);
  const { configs: agentConfigs, judgeConfig } = resolved;

  const gitCommit = codeGitCommit();
  const config: RunConfig = {
    protocol: { name: protocol.name, preset: options.protocol, params: { ...protocol.params } },
    agents: agentConfigs,
    ...(judgeConfig === undefined ? {} : { judge: judgeConfig }),
    dataset: {
      name: options.dataset.name,
      path: options.dataset.path,
      ...(options.dataset.limit === undefined ? {} : { limit: options.dataset.limit }),
      questionIds: options.dataset.questions.map((question) => question.id),
      contentHash: hashValue(options.dataset.questions),
      ...(options.dataset.forecast === undefined ? {} : { forecast: { ...options.dataset.forecast } }),
    },
    seeds: [...options.seeds],
    concurrency: options.concurrency,
    codeVersion: CODE_VERSION,
    ...(gitCommit === undefined ? {} : { gitCommit }),
    ...(options.plugins === undefined || options.plugins.length === 0 ? {} : { plugins: [...options.plugins] }),
    traceVersion: 1,
  };

  const pool = new BackendPool({
    store: options.store,
    replay: options.replay ?? false,
    concurrencyPerBackend: options.backendConcurrency ?? Math.max(4, options.concurrency * agentConfigs.length),
    ...(options.llama === undefined ? {} : { llama: options.llama }),
    ...(options.openai === undefined ? {} : { openai: options.openai }),
    ...(options.prices === undefined ? {} : { prices: options.prices }),
    ...(options.deadAfterCalls === undefined ? {} : { deadAfterCalls: options.deadAfterCalls }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.backends === undefined ? {} : { provided: options.backends }),
  });
  try {
    const { agents, judge } = await bindRunAgents(pool, resolved);
    const outcome = await executeRun({
      deadBackends: pool.deadBackends,
      store: options.store,
      config,
      protocol,
      agents,
      ...(judge === undefined ? {} : { judge }),
      questions: options.dataset.questions,
      newRunId: options.newRunId ?? newRunId,
      ...(options.resumeRunId === undefined ? {} : { resumeRunId: options.resumeRunId }),
      ...(options.fresh === undefined ? {} : { fresh: options.fresh }),
      ...(options.retryFailed === undefined ? {} : { retryFailed: options.retryFailed }),
      ...(options.reuseFinished === undefined ? {} : { reuseFinished: options.reuseFinished }),
      ...(options.allowVersionMix === undefined ? {} : { allowVersionMix: options.allowVersionMix }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.progress === undefined ? {} : { progress: options.progress }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    // Thrown after the run is stored as interrupted: the command fails naming the backend, and the same command resumes.
    if (outcome.deadBackend !== undefined && outcome.interrupted) throw new DeadBackendError(outcome.runId, outcome.deadBackend);
    return outcome;
  } finally {
    await pool.close();
  }
}
