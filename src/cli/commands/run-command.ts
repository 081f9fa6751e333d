import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { datasetNames } from '../../datasets/registry.js';
import { DEFAULT_BACKEND_SPEC } from '../../backends/defaults.js';
import type { ForecastEventOptions } from '../../datasets/forecast-events.js';
import { backendFromEnv } from '../../backends/backend-shorthand.js';
import { loadQuestions } from '../../datasets/load-questions.js';
import { getProtocolFactory, protocolNames } from '../../protocols/registry.js';
import { ConfigError } from '../../spec/errors.js';
import { plainProgress, type ProgressReporter } from '../../runner/progress.js';
import { parseAgentSpec, resolveAgentList } from '../../runner/agent-spec.js';
import { loadPlugin, PluginError } from '../../runner/load-plugin.js';
import type { RunFileRequest } from '../../runner/run-file.js';
import { measureRun } from '../../runner/measure-run.js';
import { startRun } from '../../runner/start-run.js';
import { parsePriceAssignment } from '../../backends/price-assignment.js';
import { checkCorruptionRate, corruptedDatasetName, corruptQuestions } from '../../robustness/corrupt-question.js';
import { formatRunMetrics, metricsJson, metricsNotes } from '../format-metrics.js';
import { collectFlag, integerFlag, numberFlag, seedsFlag } from '../parse-flags.js';
import { DEFAULT_DB, withStore } from '../store-option.js';
import { nextSteps } from '../next-steps.js';
import { EXIT_FAILURE, EXIT_INTERRUPTED } from '../usage-errors.js';
import { runModel } from '../../runner/run-model.js';
import { type MatchFlags, matchOverrides } from '../match-option.js';

/** Options shared by `run` and `demo`. */
export interface RunCommandOptions extends MatchFlags {
  /** self-consistency: k. */
  samples?: number;
  /** Required unless the run file names one. */
  protocol?: string;
  dataset?: string;
  data?: string;
  limit?: number;
  /** Number of agents (default: the agents configured one by one, else 3). */
  agents?: number;
  /** `--agent` values, in order (grammar: docs/agents.md). */
  agent?: string[];
  /** A run file (docs/agents.md, "The run file"); flags given explicitly override its fields. */
  config?: string;
  rounds?: number;
  /** Backend of agents not configured one by one (default `DEFAULT_BACKEND_SPEC`). */
  backend?: string;
  /** `--judge` value: a backend spec, optionally with a name and decoding (same grammar as `--agent`, no persona). */
  judge?: string;
  escalate?: string;
  consensusThreshold?: number;
  drafts?: number;
  aggregate?: 'majority' | 'judge' | 'mean' | 'median';
  /** A MALLM decision rule for any debate preset (docs/protocols.md, "Decision rules"). */
  decision?: 'none' | 'majority' | 'supermajority' | 'unanimity' | 'approval' | 'ranked' | 'cumulative';
  supermajorityThreshold?: number;
  format?: 'free' | 'gdp';
  window?: number;
  events?: number | 'all';
  eventSeed?: number;
  /** Default [1]. */
  seed?: number[];
  /** Default 4. */
  concurrency?: number;
  /** Default `DEFAULT_DB`. */
  db?: string;
  replay?: boolean;
  /** `--corrupt`: perturb table cells and numbers in text at this rate before the units run (robustness harness). */
  corrupt?: number;
  /** Seed of the corruption (default 1). */
  corruptSeed?: number;
  json?: boolean;
  temperature?: number;
  maxTokens?: number;
  resume?: string;
  fresh?: boolean;
  /**
   * False with `--no-retry-failed`: keep the failed units of the matching (or
   * `--resume`d) run failed. By default they run again, once each;
   * `--retry-failed` is accepted and changes nothing (it was the opt-in before).
   */
  retryFailed?: boolean;
  /** `--price <model>=<in>/<out>` values, over the run file's `prices:` and the built-in table. */
  price?: string[];
  /** Resume a run made by another code version, recording it (`versionMix`). */
  allowVersionMix?: boolean;
  threads?: number;
  /** Printed before the run starts (demo uses it to say which model answers). */
  banner?: string;
  /** The backend the user asked for when another one stands in for it (demo's offline fallback); recorded in `--json` as `model.requested`. */
  requestedBackend?: string;
}

function eventsFlag(value: string): number | 'all' {
  if (value === 'all') return 'all';
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new InvalidArgumentError(`expected a whole number ≥ 1 or "all", got "${value}"`);
  return count;
}

/**
 * The FRED options: the run file's, each replaced by its flag when given;
 * undefined when neither gives any (so other datasets are not refused for
 * options nobody asked for).
 */
function forecastFlags(options: RunCommandOptions, file: ForecastEventOptions | undefined): ForecastEventOptions | undefined {
  if (options.window === undefined && options.events === undefined && options.eventSeed === undefined) return file;
  return {
    ...file,
    ...(options.window === undefined ? {} : { window: options.window }),
    ...(options.events === undefined ? {} : { events: options.events }),
    ...(options.eventSeed === undefined ? {} : { selectionSeed: options.eventSeed }),
  };
}

function corruptFlag(value: string): number {
  const rate = Number(value);
  try {
    return checkCorruptionRate(rate);
  } catch {
    throw new InvalidArgumentError(`expected a rate between 0 and 0.3, got "${value}"`);
  }
}

/** Runs a protocol from parsed options and prints the outcome. */
export async function runFromOptions(options: RunCommandOptions): Promise<void> {
  // Flags given explicitly win over the run file, field by field; `--agent` replaces the file's agent list.
  // the run file's reader (yaml, 72 files) is imported only when there is a run file
  const file: RunFileRequest | undefined = options.config === undefined ? undefined : await (await import('../../runner/run-file.js')).loadRunFile(options.config);
  const plugins = [...(file?.plugins ?? [])];
  let protocol = options.protocol ?? file?.protocol;
  if (options.protocol !== undefined && isModulePath(options.protocol)) {
    const plugin = await loadPlugin(options.protocol);
    if (plugin.protocols.length !== 1) throw new PluginError(plugin.file, `defines ${plugin.protocols.length} protocols (${plugin.protocols.join(', ') || 'none'}), so --protocol <file> cannot tell which to run`, 'list the file under plugins: in a run file and name the protocol with --protocol <name>');
    protocol = plugin.protocols[0]!;
    plugins.push(plugin.file);
  }
  if (protocol === undefined) throw new ConfigError('no protocol given', 'pass --protocol <preset> or put "protocol:" in the run file');
  const datasetName = options.dataset ?? file?.dataset.name;
  const dataPath = options.data ?? file?.dataset.path;
  const limit = options.limit ?? file?.dataset.limit;
  if (datasetName === undefined && dataPath === undefined) {
    throw new ConfigError('no questions given', 'pass --dataset <name> (medqa, generic, demo) and/or --data <file>');
  }
  const configured = options.agent?.map((text) => parseAgentSpec(text, { source: '--agent' })) ?? file?.agents ?? [];
  const judge = options.judge === undefined ? file?.judge : parseAgentSpec(options.judge, { source: '--judge', allowPersona: false });
  // Protocols with fixed roles (dealog) get one agent per role; --agents sizes the debates.
  const count = options.agents ?? (options.agent === undefined ? file?.count : undefined) ?? (configured.length === 0 ? getProtocolFactory(protocol).roles?.length : undefined);
  const agents = resolveAgentList({
    agents: configured,
    ...(count === undefined ? {} : { count }),
    // precedence: --backend, the run file, OPENAI_MODEL/OPENAI_BASE_URL, the default in-process model
    backend: options.backend ?? file?.backend ?? backendFromEnv() ?? DEFAULT_BACKEND_SPEC,
    decoding: {
      ...file?.decoding,
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
    },
  });
  const escalate = options.escalate ?? file?.escalate;
  const forecast = forecastFlags(options, file?.dataset.forecast);
  const dataset = await loadQuestions({
    ...(datasetName === undefined ? {} : { dataset: datasetName }),
    ...(dataPath === undefined ? {} : { path: dataPath }),
    ...(limit === undefined ? {} : { limit }),
    ...(forecast === undefined ? {} : { forecast }),
  });
  // the corruption is part of the dataset the run records: its name says rate and seed, its content hash differs
  const corruption = options.corrupt === undefined || options.corrupt === 0 ? undefined : { rate: options.corrupt, seed: options.corruptSeed ?? 1 };
  const questions = corruption === undefined ? dataset.questions : corruptQuestions(dataset.questions, corruption);
  const runDatasetName = corruption === undefined ? dataset.name : corruptedDatasetName(dataset.name, corruption);
  const controller = new AbortController();
  const onSignal = (): void => {
    process.stderr.write('\ninterrupted: finishing nothing new; stored units are kept. Run the same command again to resume.\n');
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const progress: ProgressReporter = options.json === true ? plainProgress((line) => process.stderr.write(`${line}\n`)) : process.stderr.isTTY ? (await import('../../runner/tty-progress.js')).ttyProgress() : plainProgress((line) => process.stderr.write(`${line}\n`));
  if (options.banner !== undefined) process.stderr.write(`${options.banner}\n`);
  const db = options.db ?? file?.db ?? DEFAULT_DB;
  const flagPrices = options.price?.map(parsePriceAssignment);
  const prices = file?.prices === undefined && flagPrices === undefined ? undefined : { ...file?.prices, ...Object.fromEntries(flagPrices ?? []) };
  try {
    await withStore(db, async (store) => {
      const outcome = await startRun({
        store,
        protocol,
        overrides: {
          ...file?.overrides,
          ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
          ...(options.consensusThreshold === undefined ? {} : { consensusThreshold: options.consensusThreshold }),
          ...(options.drafts === undefined ? {} : { drafts: options.drafts }),
          ...(options.aggregate === undefined ? {} : { aggregate: options.aggregate }),
          ...(options.format === undefined ? {} : { format: options.format }),
          ...(options.decision === undefined ? {} : { decision: options.decision }),
          ...(options.supermajorityThreshold === undefined ? {} : { supermajorityThreshold: options.supermajorityThreshold }),
          ...(options.samples === undefined ? {} : { samples: options.samples }),
          ...(await matchOverrides(store, options)),
        },
        ...(escalate === undefined ? {} : { escalate }),
        ...(judge === undefined ? {} : { judge }),
        dataset: { name: runDatasetName, path: dataset.path, questions, ...(limit === undefined ? {} : { limit }), ...(dataset.forecast === undefined ? {} : { forecast: dataset.forecast }) },
        agents,
        seeds: options.seed ?? file?.seeds ?? [1],
        ...(plugins.length === 0 ? {} : { plugins: [...new Set(plugins)] }),
        concurrency: options.concurrency ?? file?.concurrency ?? 4,
        replay: options.replay ?? false,
        ...(options.resume === undefined ? {} : { resumeRunId: options.resume }),
        ...(options.fresh === undefined ? {} : { fresh: options.fresh }),
        ...(options.retryFailed === false ? { retryFailed: false } : {}),
        // the same command twice reports the first run instead of storing a duplicate
        reuseFinished: true,
        ...(prices === undefined ? {} : { prices }),
        ...(options.allowVersionMix === undefined ? {} : { allowVersionMix: options.allowVersionMix }),
        progress,
        signal: controller.signal,
        ...(options.threads === undefined ? {} : { llama: { threads: options.threads } }),
      });
      const run = (await store.getRun(outcome.runId))!;
      const units = await store.listUnits(outcome.runId);
      // the metrics ask for what they need (a shared log's events; the questions just run, for verifier detection)
      const { metrics, inputs } = await measureRun(store, run, units, { ran: questions });
      const notes = metricsNotes(inputs);
      const json = metricsJson(run, metrics, notes);
      if (options.json === true) {
        const model = options.requestedBackend === undefined ? {} : { model: { ...(json.model as object), requested: options.requestedBackend } };
        process.stdout.write(`${JSON.stringify({ ...json, ...model, resumed: outcome.resumed, existing: outcome.existing, retried: outcome.retried, executed: outcome.executed })}\n`);
      } else {
        if (outcome.resumed) process.stdout.write(`resumed run ${outcome.runId}${outcome.retried > 0 ? ` (${outcome.retried} failed units run again)` : ''}\n`);
        if (outcome.existing) process.stdout.write(`run ${outcome.runId} already ran this configuration: nothing new to run (--fresh starts another run)\n`);
        process.stdout.write(`${formatRunMetrics(run, metrics, notes)}\n`);
        if (outcome.interrupted) process.stdout.write(`\nrun interrupted: repeat the command to resume ${outcome.runId}\n`);
      }
      if (metrics.failed > 0) {
        const [failedUnit] = await store.listUnits(outcome.runId, { status: 'failed', limit: 1 });
        const error = failedUnit === undefined ? undefined : (await store.getEvents(failedUnit.id)).find((event) => event.type === 'error');
        process.stderr.write(`error: ${metrics.failed} of ${metrics.units} units failed; first failure (${failedUnit?.questionId}, seed ${failedUnit?.seed}): ${error?.type === 'error' ? error.message : 'unknown'}\n`);
        const again = options.retryFailed === false ? 'repeat the command without --no-retry-failed' : 'repeat the command';
        process.stderr.write(`hint: ${error?.type === 'error' && error.hint !== undefined ? `${error.hint}; then ` : ''}${again} to run each failed unit once more, in this run\n`);
        process.exitCode = EXIT_FAILURE;
      }
      process.stderr.write(nextSteps(outcome.runId, db, { testModel: runModel(run.config).fallback }));
      if (outcome.interrupted) process.exitCode = EXIT_INTERRUPTED;
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Whether `--protocol` names a module file (a plugin) rather than a registered protocol. */
function isModulePath(value: string): boolean {
  return /\.[cm]?[jt]s$/.test(value) || value.includes('/') || value.includes('\\');
}

/** `quorum run`. */
export function runCommand() {
  return new Command('run')
    .description('run a protocol on a dataset; every turn is stored')
    .option('--protocol <preset>', `protocol: ${protocolNames().join(', ')}, or a plugin file (./my-protocol.mjs) whose default export is a defineProtocol definition (\`quorum protocols\` describes them; required unless the run file names one)`)
    .option('--config <run.yaml>', 'run file with protocol, dataset, agents, judge, seeds and decoding (docs/agents.md); flags given explicitly override its fields')
    .option('--dataset <name>', `dataset format: ${datasetNames().join(', ')}`)
    .option('--data <path>', 'dataset file')
    .option('--limit <n>', 'use the first n questions', integerFlag(1))
    .option('--agents <n>', 'number of agents (default: the agents given with --agent, else 3)', integerFlag(1))
    .option('--agent <spec>', 'one agent: [<name>=]<backend-spec>[,temperature=T][,top_p=P][,max_tokens=N][,persona=<text>|@<file>] (repeatable; docs/agents.md)', collectFlag)
    .option('--rounds <r>', 'interaction rounds after round 0 (overrides the preset)', integerFlag(0))
    .option('--backend <spec>', `backend of agents not given with --agent: ollama:<model>[@<url>], vllm:<model>[@<url>], openai:<model>@<url>, llama:<file.gguf>, llama:hf:<repo>:<quant> (default: OPENAI_MODEL/OPENAI_BASE_URL when set, else ${DEFAULT_BACKEND_SPEC})`)
    .option('--judge <spec>', 'the judge (ra-cr, drafts, judge aggregation): [<name>=]<backend-spec>[,temperature=T][,max_tokens=N]; default: the first agent\'s backend')
    .option('--escalate <preset>', 'adaptive: the debate preset run when round 0 disagrees (default du)')
    .option('--consensus-threshold <share>', 'share of agents that must agree to stop early (adaptive, early stop)', numberFlag(0.01, 1))
    .option('--drafts <k>', 'drafts per agent and turn; the judge picks one (export the choices with `export --preferences`)', integerFlag(1))
    .addOption(new Option('--aggregate <method>', 'how the final answer is formed (overrides the preset)').choices(['majority', 'judge', 'mean', 'median'] as const))
    .addOption(new Option('--decision <rule>', 'decision rule (MALLM): consensus by share of agents, or a ballot of every agent; a decision ends the debate').choices(['none', 'majority', 'supermajority', 'unanimity', 'approval', 'ranked', 'cumulative'] as const))
    .option('--supermajority-threshold <share>', 'share of agents a supermajority needs (default 0.66)', numberFlag(0.01, 1))
    .option('--samples <k>', 'self-consistency: samples of the one agent (default 40)', integerFlag(1))
    .option('--match <preset|run-id>', "sc-matched: set k to this debate preset's planned calls, or to a stored run's mean calls per unit")
    .addOption(new Option('--match-by <what>', 'sc-matched with a stored run: match its calls (default) or tokens per unit').choices(['calls', 'tokens'] as const))
    .option('--match-agents <n>', 'sc-matched with a preset: agents of the compared debate (default 3)', integerFlag(1))
    .option('--match-rounds <r>', "sc-matched with a preset: rounds of the compared debate (default the preset's)", integerFlag(0))
    .option('--tokens-per-sample <n>', 'sc-matched --match-by tokens: mean tokens of one sample', numberFlag(1, 1e9))
    .addOption(new Option('--format <format>', 'message format (overrides the preset)').choices(['free', 'gdp'] as const))
    .option('--window <n>', 'forecasting (fred): observations shown before the month to forecast (default 12)', integerFlag(1))
    .option('--events <n|all>', 'forecasting (fred): number of events (default 20) or all', eventsFlag)
    .option('--event-seed <n>', 'forecasting (fred): draw events with this seed instead of spacing them evenly', integerFlag(0))
    .option('--seed <seeds>', 'seed or seeds (1,2,3 or 1-5); one unit per question and seed (default 1)', seedsFlag)
    .option('--concurrency <c>', 'units in flight (default 4)', integerFlag(1))
    .option('--temperature <t>', 'sampling temperature of every agent', numberFlag(0, 2))
    .option('--max-tokens <n>', 'completion token limit per turn', integerFlag(1))
    .option('--threads <n>', 'CPU threads for in-process models', integerFlag(1))
    .option('--db <file>', `SQLite database (default ${DEFAULT_DB})`)
    .option('--replay', 'answer only from the completion cache; a miss is an error')
    .option('--resume <run-id>', 'continue this run (by default an unfinished run with the same configuration is continued)')
    .option('--fresh', 'always start a new run, even if a stored one has the same configuration (by default an unfinished one is continued and a finished one reported)')
    .option('--no-retry-failed', 'keep the failed units of the run with the same configuration (or --resume) failed; by default each runs once more, in that run, its earlier failure kept as history')
    .option('--retry-failed', 'the default (kept so older scripts still work)')
    .option('--price <model=in/out>', 'price of a model in US dollars per million tokens: <model>=<input>/<output>[/<cached input>] (repeatable; docs/backends.md)', collectFlag)
    .option('--allow-version-mix', 'resume a run started by another quorum code version (other prompts, parsers or scorers); recorded in the run')
    .option('--corrupt <p>', 'robustness: perturb table cells and numbers in passages at rate p (0 to 0.3), seeded; recorded in the dataset name', corruptFlag)
    .option('--corrupt-seed <n>', 'seed of --corrupt (default 1)', integerFlag(0))
    .option('--json', 'print one JSON object')
    .action(async (options) => {
      await runFromOptions(options);
    });
}
