import type { Agent, Protocol } from '../spec/protocol.js';
import type { Question } from '../spec/question.js';
import type { RunConfig } from '../spec/run-config.js';
import { ConfigError, StoreError } from '../spec/errors.js';
import { runAcceptsCodeVersion } from '../runner/version-mix.js';
import { CODE_VERSION } from '../version.js';
import type { TraceStore } from '../spec/store.js';
import { hashValue } from '../util/hash.js';
import { loadRunQuestions } from '../runner/load-run-questions.js';
import type { QuestionSource } from '../runner/question-source.js';
import { loadPlugins } from '../runner/load-plugin.js';
import { rebuildProtocol } from './rebuild-protocol.js';
import type { BackendPool } from '../runner/backend-pool.js';

/** What a worker needs to execute any unit of one run, rebuilt from the run's stored configuration. */
export interface RunContext {
  runId: string;
  config: RunConfig;
  protocol: Protocol;
  agents: readonly Agent[];
  judge?: Agent;
  questions: ReadonlyMap<string, Question>;
}

/** Options of `RunContexts`. */
export interface RunContextsOptions {
  store: TraceStore;
  backends: BackendPool;
  /** Directory relative data paths start from. */
  dataDir?: string;
  /**
   * Plugin files this worker loaded itself (`quorum worker --plugin`). When
   * given, they stand in for the plugin paths runs recorded, which are then
   * not loaded: the run was planned on a machine whose paths this one lacks.
   */
  plugins?: readonly string[];
  /** Runs kept built at once (default 64); the least recently used is dropped first. */
  capacity?: number;
  /** This worker's code version (default `CODE_VERSION`); runs of other versions are refused. */
  codeVersion?: string;
}

/**
 * Builds each run's context once per worker and keeps it: the first job of
 * a run loads its configuration from the store, its questions from the
 * data file (checking the content hash) and its agents from the shared
 * backends; later jobs of the run reuse them. A failed build is not kept,
 * so the next job of the run tries again.
 */
export class RunContexts {
  private readonly contexts = new Map<string, Promise<RunContext>>();

  constructor(private readonly options: RunContextsOptions) {}

  get(runId: string, source: QuestionSource): Promise<RunContext> {
    const key = `${runId}\u0000${hashValue(source)}`;
    let context = this.contexts.get(key);
    if (context === undefined) {
      context = this.build(runId, source);
      context.catch(() => this.contexts.delete(key));
      this.contexts.set(key, context);
      const capacity = this.options.capacity ?? 64;
      if (this.contexts.size > capacity) this.contexts.delete(this.contexts.keys().next().value!);
    } else {
      // Map order is insertion order: re-inserting marks the run as recently used.
      this.contexts.delete(key);
      this.contexts.set(key, context);
    }
    return context;
  }

  private async build(runId: string, source: QuestionSource): Promise<RunContext> {
    const run = await this.options.store.getRun(runId);
    if (run === undefined) throw new StoreError(`no run ${runId} in the store this worker uses`, 'start workers with the same --store as the command that enqueued the run');
    const { config } = run;
    const version = this.options.codeVersion ?? CODE_VERSION;
    if (!runAcceptsCodeVersion(config, version)) {
      const accepted = [config.codeVersion, ...(config.versionMix ?? []).map((mix) => mix.codeVersion)];
      throw new ConfigError(
        `run ${runId} is made by quorum ${accepted.join(', ')}; this worker is ${version} (its prompts, parsers or scorers differ)`,
        'start the workers from the same quorum code as the command that planned the run; the unit stays pending',
      );
    }
    // the run's plugins register its protocol (or dataset) on this worker, as on the machine that planned it
    if (this.options.plugins === undefined) await loadPlugins(config.plugins ?? []);
    const protocol = rebuildProtocol(config);
    const questions = await loadRunQuestions(runId, config, source, this.options.dataDir === undefined ? {} : { dataDir: this.options.dataDir });
    const agents: Agent[] = await Promise.all(
      config.agents.map(async (agent) => ({
        name: agent.name,
        backend: await this.options.backends.get(agent.backend),
        ...(agent.persona === undefined ? {} : { persona: agent.persona }),
        decoding: agent.decoding,
      })),
    );
    const judge: Agent | undefined =
      config.judge === undefined
        ? undefined
        : { name: config.judge.name, backend: await this.options.backends.get(config.judge.backend), decoding: config.judge.decoding, ...(config.judge.persona === undefined ? {} : { persona: config.judge.persona }) };
    return { runId, config, protocol, agents, ...(judge === undefined ? {} : { judge }), questions };
  }
}
