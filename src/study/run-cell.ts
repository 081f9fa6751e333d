import type { ProgressReporter } from '../runner/progress.js';
import type { RunOutcome } from '../runner/execute-run.js';
import { startRun as defaultStartRun } from '../runner/start-run.js';
import { priceTableOf } from '../backends/price-assignment.js';
import { cellAgents } from './cell-agents.js';
import type { RunStudyOptions } from './run-study.js';
import type { StudyCell } from './study-config.js';

/**
 * Starts (or, with `linkedRunId`, resumes) the run of one cell: the cell's
 * protocol preset and overrides, its dataset's questions as the study
 * resolved them, the setup's agents and judge, and every seed. A run that
 * matches an unfinished one is resumed by `startRun` itself.
 */
export async function runCell(options: RunStudyOptions, cell: StudyCell, linkedRunId: string | null, progress: ProgressReporter, signal: AbortSignal): Promise<RunOutcome> {
  const { config, questions } = options.study;
  const protocol = config.protocols.find((entry) => entry.label === cell.protocol)!;
  const dataset = config.datasets.find((entry) => entry.label === cell.dataset)!;
  const setup = config.setups.find((entry) => entry.label === cell.setup)!;
  const start = options.startRun ?? defaultStartRun;
  return start({
    store: options.store,
    protocol: protocol.preset,
    overrides: protocol.overrides,
    ...(protocol.escalate === undefined ? {} : { escalate: protocol.escalate }),
    ...(setup.judge === undefined ? {} : { judge: setup.judge }),
    dataset: {
      name: dataset.runName,
      path: dataset.path,
      questions: questions.get(dataset.label)!,
      // A random sample is not the first N of the file: recording a limit would make the dataset reload as something else.
      ...(dataset.limit === undefined || dataset.sample.method === 'random' ? {} : { limit: dataset.limit }),
      ...(dataset.forecast === undefined ? {} : { forecast: dataset.forecast }),
    },
    agents: cellAgents(protocol.preset, setup),
    seeds: config.seeds,
    ...(config.plugins === undefined ? {} : { plugins: config.plugins }),
    concurrency: options.concurrency ?? config.file.concurrency,
    ...(options.replay === undefined ? {} : { replay: options.replay }),
    ...(config.file.prices === undefined ? {} : { prices: priceTableOf(config.file.prices) }),
    ...(options.allowVersionMix === undefined ? {} : { allowVersionMix: options.allowVersionMix }),
    ...(options.retryFailed === undefined ? {} : { retryFailed: options.retryFailed }),
    // A cell without a linked run may still have run to the end: a process killed after the run finished and before
    // the study linked it. Its finished run (same protocol, agents, questions, seeds) is then linked, not run again.
    ...(linkedRunId === null ? { reuseFinished: true } : { resumeRunId: linkedRunId }),
    progress,
    signal,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.newRunId === undefined ? {} : { newRunId: options.newRunId }),
  });
}
