import { Command } from '@commander-js/extra-typings';
import { DEFAULT_BACKEND_SPEC } from '../../backends/defaults.js';
import { loadQuestions } from '../../datasets/load-questions.js';
import { runMetrics } from '../../metrics/run-metrics.js';
import { ConfigError } from '../../spec/errors.js';
import { plainProgress, ttyProgress, type ProgressReporter } from '../../runner/progress.js';
import { startRun, uniformAgents } from '../../runner/start-run.js';
import { formatRunMetrics, metricsJson } from '../format-metrics.js';
import { integerFlag, numberFlag, seedsFlag } from '../parse-flags.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** Options shared by `run` and `demo`. */
export interface RunCommandOptions {
  protocol: string;
  dataset?: string;
  data?: string;
  limit?: number;
  agents: number;
  rounds?: number;
  backend: string;
  judge?: string;
  escalate?: string;
  consensusThreshold?: number;
  drafts?: number;
  seed: number[];
  concurrency: number;
  db: string;
  replay?: boolean;
  json?: boolean;
  temperature?: number;
  maxTokens?: number;
  resume?: string;
  fresh?: boolean;
  threads?: number;
  /** Printed before the run starts (demo uses it to say which model answers). */
  banner?: string;
}

/** Runs a protocol from parsed options and prints the outcome. */
export async function runFromOptions(options: RunCommandOptions): Promise<void> {
  if (options.dataset === undefined && options.data === undefined) {
    throw new ConfigError('no questions given', 'pass --dataset <name> (medqa, generic, demo) and/or --data <file>');
  }
  const dataset = await loadQuestions({
    ...(options.dataset === undefined ? {} : { dataset: options.dataset }),
    ...(options.data === undefined ? {} : { path: options.data }),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  const decoding = {
    ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
    ...(options.maxTokens === undefined ? {} : { maxTokens: options.maxTokens }),
  };
  const controller = new AbortController();
  const onSignal = (): void => {
    process.stderr.write('\ninterrupted: finishing nothing new; stored units are kept. Run the same command again to resume.\n');
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const progress: ProgressReporter = options.json === true ? plainProgress((line) => process.stderr.write(`${line}\n`)) : process.stderr.isTTY ? ttyProgress() : plainProgress((line) => process.stderr.write(`${line}\n`));
  if (options.banner !== undefined && options.json !== true) process.stderr.write(`${options.banner}\n`);
  try {
    await withStore(options.db, async (store) => {
      const outcome = await startRun({
        store,
        protocol: options.protocol,
        overrides: {
          ...(options.rounds === undefined ? {} : { rounds: options.rounds }),
          ...(options.consensusThreshold === undefined ? {} : { consensusThreshold: options.consensusThreshold }),
          ...(options.drafts === undefined ? {} : { drafts: options.drafts }),
        },
        ...(options.escalate === undefined ? {} : { escalate: options.escalate }),
        ...(options.judge === undefined ? {} : { judge: { backend: options.judge } }),
        dataset: { name: dataset.name, path: dataset.path, questions: dataset.questions, ...(options.limit === undefined ? {} : { limit: options.limit }) },
        agents: uniformAgents(options.agents, options.backend, decoding),
        seeds: options.seed,
        concurrency: options.concurrency,
        replay: options.replay ?? false,
        ...(options.resume === undefined ? {} : { resumeRunId: options.resume }),
        ...(options.fresh === undefined ? {} : { fresh: options.fresh }),
        progress,
        signal: controller.signal,
        ...(options.threads === undefined ? {} : { llama: { threads: options.threads } }),
      });
      const run = (await store.getRun(outcome.runId))!;
      const metrics = runMetrics(await store.listUnits(outcome.runId));
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({ ...metricsJson(run, metrics), resumed: outcome.resumed, executed: outcome.executed })}\n`);
      } else {
        if (outcome.resumed) process.stdout.write(`resumed run ${outcome.runId}\n`);
        process.stdout.write(`${formatRunMetrics(run, metrics)}\n`);
        if (outcome.interrupted) process.stdout.write(`\nrun interrupted: repeat the command to resume ${outcome.runId}\n`);
      }
      if (metrics.failed > 0) {
        const [failedUnit] = await store.listUnits(outcome.runId, { status: 'failed', limit: 1 });
        const error = failedUnit === undefined ? undefined : (await store.getEvents(failedUnit.id)).find((event) => event.type === 'error');
        process.stderr.write(`error: ${metrics.failed} of ${metrics.units} units failed; first failure (${failedUnit?.questionId}, seed ${failedUnit?.seed}): ${error?.type === 'error' ? error.message : 'unknown'}\n`);
        if (error?.type === 'error' && error.hint !== undefined) process.stderr.write(`hint: ${error.hint}\n`);
        process.exitCode = 1;
      }
      if (outcome.interrupted) process.exitCode = 130;
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** `quorum run`. */
export function runCommand() {
  return new Command('run')
    .description('run a protocol on a dataset; every turn is stored')
    .requiredOption('--protocol <preset>', 'protocol preset: ni, du, gdp, wr, cr, ra-cr, adaptive')
    .option('--dataset <name>', 'dataset format: medqa, generic, demo')
    .option('--data <path>', 'dataset file')
    .option('--limit <n>', 'use the first n questions', integerFlag(1))
    .option('--agents <n>', 'number of agents', integerFlag(1), 3)
    .option('--rounds <r>', 'interaction rounds after round 0 (overrides the preset)', integerFlag(0))
    .option('--backend <spec>', 'backend of every agent: openai:<model>@<url>, llama:<file.gguf>, llama:hf:<repo>:<quant>', DEFAULT_BACKEND_SPEC)
    .option('--judge <spec>', 'backend of the judge (ra-cr, drafts, judge aggregation); default: the agents\' backend')
    .option('--escalate <preset>', 'adaptive: the debate preset run when round 0 disagrees (default du)')
    .option('--consensus-threshold <share>', 'share of agents that must agree to stop early (adaptive, early stop)', numberFlag(0.01, 1))
    .option('--drafts <k>', 'drafts per agent and turn; the judge picks one (export the choices with `export --preferences`)', integerFlag(1))
    .option('--seed <seeds>', 'seed or seeds (1,2,3 or 1-5); one unit per question and seed', seedsFlag, [1])
    .option('--concurrency <c>', 'units in flight', integerFlag(1), 4)
    .option('--temperature <t>', 'sampling temperature of every agent', numberFlag(0, 2))
    .option('--max-tokens <n>', 'completion token limit per turn', integerFlag(1))
    .option('--threads <n>', 'CPU threads for in-process models', integerFlag(1))
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--replay', 'answer only from the completion cache; a miss is an error')
    .option('--resume <run-id>', 'continue this run (by default an unfinished run with the same configuration is continued)')
    .option('--fresh', 'always start a new run, even if an unfinished one matches')
    .option('--json', 'print one JSON object')
    .action(async (options) => {
      await runFromOptions(options);
    });
}
