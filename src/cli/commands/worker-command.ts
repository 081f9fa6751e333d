import { Command } from '@commander-js/extra-typings';
import type { WorkerEvent, WorkerTally } from '../../queue/start-worker.js';
import { describeError } from '../../spec/errors.js';
import { withStore } from '../store-option.js';
import { collectFlag, integerFlag, numberFlag } from '../parse-flags.js';
import type { LoadedPlugin } from '../../runner/load-plugin.js';

/** Seconds between progress lines while units finish. */
const REPORT_EVERY_MS = 10_000;

/**
 * `quorum worker --queue redis://… --store postgres://…`: executes queued
 * units until stopped (docs/scale-out.md). Ctrl-C (SIGINT) or SIGTERM
 * finishes the running units and stops; a second one stops at once, and
 * the abandoned units return to the queue for other workers.
 */
export function workerCommand() {
  return new Command('worker')
    .description('execute queued units (from `quorum study run --queue`) on this machine; start any number, on any number of machines')
    .requiredOption('--queue <url>', 'the Redis queue: redis://[:password@]host:6379[/db][?queue=name] (the same as the enqueuing command)')
    .requiredOption('--store <url>', 'the shared store: postgres://user@host:5432/db[?schema=name] (the same as the enqueuing command)')
    .option('--concurrency <c>', 'units in flight in this worker (default 4)', integerFlag(1))
    .option('--backend-concurrency <n>', 'model calls in flight per backend across ALL workers of the queue (default 16; give every worker the same value)', integerFlag(1))
    .option('--requests-per-minute <n>', 'requests per minute per backend across all workers (hosted APIs; default unlimited)', numberFlag(0.01, 1e9))
    .option('--lock-duration <ms>', 'how long a unit stays claimed without a sign of life; a killed worker\'s units return to the queue after about twice this (default 30000)', integerFlag(1000))
    .option('--data-dir <dir>', 'directory relative dataset paths start from (default: the working directory)')
    .option('--threads <n>', 'CPU threads for in-process models', integerFlag(1))
    .option('--replay', 'answer only from the completion cache; a miss fails the unit')
    .option('--exit-when-empty', 'stop once no unit is waiting or running anywhere in the queue')
    .option('--plugin <file>', 'a plugin module (protocols, datasets, metrics) to load; repeatable. Given, these replace the plugin paths the runs recorded (for workers that keep plugins elsewhere; docs/scale-out.md)', collectFlag)
    .option('--json', 'print a JSON summary when the worker stops')
    .action(async (options) => {
      // Loaded on use: bullmq and ioredis are not needed by any other command.
      const { startWorker } = await import('../../queue/start-worker.js');
      await withStore(options.store, async (store) => {
        const log = (line: string) => process.stderr.write(`${line}\n`);
        let lastReport = Date.now();
        const onEvent = (event: WorkerEvent): void => {
          if (event.type === 'ready') log(`worker ${event.name} ready: queue ${event.queue}, ${event.concurrency} units at a time${event.plugins === undefined ? '' : `; plugins: ${event.plugins.map(describePlugin).join('; ')}`}`);
          else if (event.type === 'job-failed') log(`unit ${event.unitId} of run ${event.runId}: ${event.message}${event.final ? ' (job failed; enqueue the run again after fixing it)' : ` (attempt ${event.attempt}, will retry)`}${event.hint === undefined ? '' : `\n  hint: ${event.hint}`}`);
          else if (event.type === 'error') log(`worker: ${event.message}`);
          else if (Date.now() - lastReport >= REPORT_EVERY_MS) {
            lastReport = Date.now();
            log(summary(worker.tally));
          }
        };
        const worker = await startWorker({
          queue: options.queue,
          store,
          ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
          limits: {
            ...(options.backendConcurrency === undefined ? {} : { concurrency: options.backendConcurrency }),
            ...(options.requestsPerMinute === undefined ? {} : { requestsPerMinute: options.requestsPerMinute }),
          },
          ...(options.lockDuration === undefined ? {} : { lockDurationMs: options.lockDuration }),
          ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
          ...(options.threads === undefined ? {} : { llama: { threads: options.threads } }),
          ...(options.plugin === undefined ? {} : { plugins: options.plugin }),
          replay: options.replay === true,
          exitWhenEmpty: options.exitWhenEmpty === true,
          onEvent,
        });
        let signals = 0;
        const onSignal = (signal: NodeJS.Signals) => {
          signals += 1;
          if (signals === 1) log(`${signal}: finishing the running units (again to stop at once; they return to the queue)`);
          void worker.stop(signals > 1).catch((error: unknown) => log(`worker: ${describeError(error).message}`));
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
        try {
          await worker.stopped;
        } finally {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
        }
        log(`worker ${worker.name} stopped: ${summary(worker.tally)}`);
        if (options.json === true) process.stdout.write(`${JSON.stringify({ worker: worker.name, ...worker.tally })}\n`);
      });
    });
}

function describePlugin(plugin: LoadedPlugin): string {
  const names = [...plugin.protocols.map((name) => `protocol ${name}`), ...plugin.datasets.map((name) => `dataset ${name}`), ...plugin.metrics.map((name) => `metric ${name}`)];
  return `${plugin.file} (${names.join(', ') || 'nothing registered'})`;
}

function summary(tally: WorkerTally): string {
  return `${tally.stored} units stored${tally.failedUnits > 0 ? ` (${tally.failedUnits} failed)` : ''}, ${tally.skipped} already stored elsewhere, ${tally.jobErrors} job errors`;
}
