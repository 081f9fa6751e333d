import type { DebateOverrides } from '../spec/debate-params.js';
import type { RunConfig } from '../spec/run-config.js';
import type { TraceStore } from '../spec/store.js';
import type { PriceTable } from '../backends/prices.js';
import pLimit, { type LimitFunction } from 'p-limit';
import { getProtocolFactory, protocolNames, type ProtocolFactory } from '../protocols/registry.js';
import { BackendPool, type BackendPoolOptions } from '../runner/backend-pool.js';
import { bindRunAgents, resolveRunAgents } from '../runner/resolve-run-agents.js';
import { newRunId, type AgentRequest } from '../runner/start-run.js';
import { hashValue } from '../util/hash.js';
import type { Clock } from '../util/clock.js';
import { CODE_VERSION, codeGitCommit } from '../version.js';
import { describeError } from '../spec/errors.js';
import { ServeError } from './serve-error.js';
import { SERVE_DATASET, ServedRun } from './served-run.js';
import type { ServedAnswer } from './served-answer.js';
import { type ChatRequest, questionFromMessages } from './chat-request.js';

/** What a `quorum serve` session serves. */
export interface ServeSessionOptions {
  store: TraceStore;
  /** The preset answered when a request names no other (listed first by `/v1/models`). */
  protocol: string;
  /** Parameter overrides applied to every preset served (`--rounds`, …). */
  overrides?: DebateOverrides;
  escalate?: string;
  /** The agents of a preset (their number can depend on its fixed roles). */
  agentsFor: (factory: ProtocolFactory) => AgentRequest[];
  judge?: AgentRequest;
  /** The seed of every unit (default 1). */
  seed?: number;
  /** Requests answered at once, recorded as the run's concurrency. */
  concurrency?: number;
  prices?: PriceTable;
  retry?: BackendPoolOptions['retry'];
  llama?: BackendPoolOptions['llama'];
  clock?: Clock;
  newRunId?: () => string;
}

/**
 * A serve session: every preset is an OpenAI "model"; the first request
 * for a preset creates its run (one per session and preset, configuration
 * stored as `quorum run` stores it), later ones add units to it. Backends
 * are shared by all presets and wrapped in the usual middleware (cache,
 * retry, limits, accounting).
 */
export class ServeSession {
  readonly #options: ServeSessionOptions;
  readonly #pool: BackendPool;
  readonly #runs = new Map<string, Promise<ServedRun>>();
  readonly #address: string;
  readonly #limit: LimitFunction;

  /** `address` is where the session listens, recorded as the served runs' dataset path. */
  constructor(options: ServeSessionOptions, address: string) {
    getProtocolFactory(options.protocol); // an unknown --protocol fails at start, not at the first request
    this.#options = options;
    this.#address = address;
    this.#limit = pLimit(options.concurrency ?? 4);
    this.#pool = new BackendPool({
      store: options.store,
      replay: false,
      concurrencyPerBackend: Math.max(4, (options.concurrency ?? 4) * 3),
      ...(options.prices === undefined ? {} : { prices: options.prices }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.llama === undefined ? {} : { llama: { quiet: true, ...options.llama } }),
    });
  }

  /** The presets served, the default one first. */
  models(): string[] {
    return [this.#options.protocol, ...protocolNames().filter((name) => name !== this.#options.protocol)];
  }

  /** The runs created so far, by preset. */
  async runIds(): Promise<Record<string, string>> {
    const entries = await Promise.all([...this.#runs].map(async ([preset, run]) => [preset, (await run).runId] as const));
    return Object.fromEntries(entries);
  }

  /** Answers one chat request by running the preset it names on its messages (one stored unit). */
  async answer(request: ChatRequest): Promise<ServedAnswer> {
    this.assertModel(request.model);
    const run = await this.#run(request.model).catch((error: unknown) => {
      throw presetError(request.model, error);
    });
    // the id is taken before anything else awaits, so concurrent requests get distinct units
    const question = questionFromMessages(request, run.nextQuestionId());
    // requests beyond the concurrency wait here for a slot, in arrival order
    return this.#limit(() => run.answer(question));
  }

  /** Throws the 404 of a model that is not a preset. */
  assertModel(preset: string): void {
    if (!this.models().includes(preset)) {
      throw new ServeError(404, 'model_not_found', `the model "${preset}" does not exist: quorum serves the protocol presets ${this.models().join(', ')}`, {
        param: 'model',
        hint: 'GET /v1/models lists them',
      });
    }
  }

  /** Marks every served run done (or interrupted) and closes the backends. */
  async close(): Promise<void> {
    const runs = await Promise.allSettled(this.#runs.values());
    await Promise.all(runs.map((run) => (run.status === 'fulfilled' ? run.value.close() : undefined)));
    await this.#pool.close();
  }

  #run(preset: string): Promise<ServedRun> {
    let run = this.#runs.get(preset);
    if (run === undefined) {
      run = this.#createRun(preset);
      // a preset whose agents cannot be built (a missing model file) fails its requests, not the session, and is tried again next time
      run.catch(() => this.#runs.delete(preset));
      this.#runs.set(preset, run);
    }
    return run;
  }

  async #createRun(preset: string): Promise<ServedRun> {
    const options = this.#options;
    const factory = getProtocolFactory(preset);
    const protocol = factory.create({ overrides: options.overrides ?? {}, ...(options.escalate === undefined ? {} : { escalate: options.escalate }) });
    const resolved = resolveRunAgents(factory, protocol, options.agentsFor(factory), options.judge);
    const gitCommit = codeGitCommit();
    const config: RunConfig = {
      protocol: { name: protocol.name, preset, params: { ...protocol.params } },
      agents: resolved.configs,
      ...(resolved.judgeConfig === undefined ? {} : { judge: resolved.judgeConfig }),
      // the questions arrive with the requests: each unit's turns record the messages its agents were sent
      dataset: { name: SERVE_DATASET, path: `serve:${this.#address}`, questionIds: [], contentHash: hashValue([]) },
      seeds: [options.seed ?? 1],
      concurrency: options.concurrency ?? 4,
      codeVersion: CODE_VERSION,
      ...(gitCommit === undefined ? {} : { gitCommit }),
      traceVersion: 1,
    };
    const { agents, judge } = await bindRunAgents(this.#pool, resolved);
    return ServedRun.create({
      store: options.store,
      runId: (options.newRunId ?? newRunId)(),
      preset,
      config,
      protocol,
      agents,
      ...(judge === undefined ? {} : { judge }),
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
  }
}


/** Why a preset's run could not be set up: its configuration (400, e.g. 3 agents for a 5-role protocol) or its backends (502). */
function presetError(preset: string, error: unknown): ServeError {
  const described = describeError(error);
  const config = described.code.startsWith('CONFIG');
  return new ServeError(config ? 400 : 502, 'model_unavailable', `the model "${preset}" cannot run with this server's agents: ${described.message}`, {
    param: 'model',
    ...(described.hint === undefined ? {} : { hint: described.hint }),
  });
}
