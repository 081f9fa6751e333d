import { Command } from '@commander-js/extra-typings';
import { reportJson } from '../../analysis/study-report.js';
import { buildStudyReport } from '../../study/build-study-report.js';
import { tableMarkdown } from '../../analysis/report-table.js';
import { writeStudyReport } from '../../analysis/write-report.js';
import { loadStudy, type ResolvedStudy } from '../../study/resolve-study.js';
import { runStudy } from '../../study/run-study.js';
import { formatStudyEvent, formatStudyOutcome, formatStudyProgress } from '../../study/format-study.js';
import { formatDuration } from '../../runner/progress.js';
import type { QueueStatus } from '../../queue/queue-status.js';
import { findStudy, studyProgress } from '../../study/study-status.js';
import type { StudyConfig } from '../../study/study-config.js';
import { collectFlag, integerFlag } from '../parse-flags.js';
import { loadPlugins } from '../../runner/load-plugin.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** Progress lines at most this often (each cell's final line always prints). */
const PROGRESS_INTERVAL_MS = 5000;

function studyRunCommand() {
  return new Command('run')
    .description('run a study grid (protocols × datasets × setups, every seed), resumable, then audit it')
    .argument('<study.yaml>', 'study file (docs/studies.md)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--concurrency <c>', 'units in flight per run (default: the file’s concurrency)', integerFlag(1))
    .option('--no-audit', 'skip the audit pass (CARA figures are then n/a)')
    .option('--replay', 'answer only from the completion cache; a miss is an error')
    .option('--allow-version-mix', 'resume runs started by another quorum code version (other prompts, parsers or scorers); recorded in each run')
    .option('--no-retry-failed', 'keep failed units failed (by default running the study again runs each failed unit once more, in its run)')
    .option('--json', 'print the outcome as one JSON object')
    .option('--store <url>', 'the store instead of --db: a SQLite file or postgres://user@host/db (what queued studies and their workers share)')
    .option('--queue <url>', 'queue mode: put the units on Redis (redis://host:6379[?queue=name]) for `quorum worker` processes on any machines instead of running them here (docs/scale-out.md)')
    .option('--wait', 'queue mode: wait for the workers, with progress and ETA, then audit')
    .action(async (file, options) => {
      const study = await loadStudy(file);
      const storeLocation = options.store ?? options.db;
      // Queue mode plans and queues; the audit below runs once no unit is left.
      if (options.queue !== undefined && !(await queueStudyRun(study, storeLocation, options.queue, options.wait === true, options.json === true, options.allowVersionMix === true, options.retryFailed))) return;
      const controller = new AbortController();
      const onSignal = (): void => {
        process.stderr.write('\ninterrupted: no new unit starts; stored units are kept. Run the same command again to continue.\n');
        controller.abort();
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
      const write = (line: string) => process.stderr.write(`${line}\n`);
      write(`study ${study.id}: ${study.config.cells.length} runs × ${study.config.seeds.length} seeds`);
      let lastProgress = 0;
      try {
        await withStore(storeLocation, async (store) => {
          const outcome = await runStudy({
            store,
            study,
            ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
            signal: controller.signal,
            ...(options.audit === false ? { audit: false } : {}),
            ...(options.replay === true ? { replay: true } : {}),
            ...(options.allowVersionMix === true ? { allowVersionMix: true } : {}),
            // in queue mode the workers already ran the failed units again; this pass only audits
            ...(options.retryFailed === false || options.queue !== undefined ? { retryFailed: false } : {}),
            onEvent: (event) => {
              if (event.type === 'progress' && !event.final) {
                // Throttled: the final snapshot of each cell always prints.
                if (Date.now() - lastProgress < PROGRESS_INTERVAL_MS || event.snapshot.finishedHere === 0) return;
                lastProgress = Date.now();
              }
              const line = formatStudyEvent(study.config, event);
              if (line !== null) write(line);
            },
          });
          if (options.json === true) process.stdout.write(`${JSON.stringify(outcome)}\n`);
          else process.stdout.write(`${formatStudyOutcome(outcome)}\n`);
          const progress = await studyProgress(store, (await store.getStudy(study.id))!);
          if (progress.totals.failed > 0) {
            write(`error: ${progress.totals.failed} units failed; \`quorum show <run-id>\` shows their errors`);
            write(`hint: fix the cause and run the same command again: each failed unit runs once more in its run${options.retryFailed === false ? ' (without --no-retry-failed)' : ''}`);
            process.exitCode = 1;
          }
          if (controller.signal.aborted) process.exitCode = 130;
        });
      } finally {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      }
    });
}

function studyStatusCommand() {
  return new Command('status')
    .description('progress of a study: units done per run, what was spent, ETA from the recent pace')
    .argument('<study>', 'study id, or a study name (the most recent with that name)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--json', 'print JSON')
    .option('--store <url>', 'the store instead of --db: a SQLite file or postgres://user@host/db (what queued studies and their workers share)')
    .option('--queue <url>', 'also show the queue of a queued study: waiting and running units, connected workers, failures')
    .action(async (id, options) => {
      await withStore(options.store ?? options.db, async (store) => {
        const progress = await studyProgress(store, await findStudy(store, id));
        const queue = options.queue === undefined ? undefined : await readQueueStatus(options.queue);
        if (options.json === true) {
          const { config: _config, study, ...rest } = progress;
          process.stdout.write(`${JSON.stringify({ study: { ...study, config: undefined }, ...rest, ...(queue === undefined ? {} : { queue: queue.status }) })}\n`);
        } else {
          process.stdout.write(`${formatStudyProgress(progress)}\n${queue === undefined ? '' : `${queue.text}\n`}`);
        }
      }, { create: false });
    });
}

function studyReportCommand() {
  return new Command('report')
    .description('report of a study: Markdown, self-contained HTML, a CSV per table and SVG charts')
    .argument('<study>', 'study id, or a study name (the most recent with that name)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--out <dir>', 'write the report files here (default: reports/<study-id>; with --json only when given)')
    .option('--json', 'print the report data as JSON')
    .option('--store <url>', 'the store instead of --db: a SQLite file or postgres://user@host/db (what queued studies and their workers share)')
    .option('--plugin <file>', 'a plugin module to load instead of the plugin files the study recorded (repeatable; for a machine that keeps them elsewhere)', collectFlag)
    .action(async (id, options) => {
      await withStore(options.store ?? options.db, async (store) => {
        const study = await findStudy(store, id);
        // the study's plugin metrics are computed like built-in ones, so the report needs them registered here too
        await loadPlugins(options.plugin ?? (study.config as unknown as Pick<StudyConfig, 'plugins'>).plugins ?? []);
        const report = await buildStudyReport(store, study);
        const out = options.out ?? (options.json === true ? undefined : `reports/${study.id}`);
        const written = out === undefined ? undefined : await writeStudyReport(report, out);
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify(reportJson(report))}\n`);
          return;
        }
        // The comparisons, and the declared hypotheses when the study has any: what a reader of the terminal needs first.
        const shown = report.tables.filter((table) => table.id === 'comparisons' || table.id === 'hypotheses');
        const tables = shown.map((table) => `${table.title}\n\n${tableMarkdown(table)}\n`).join('\n');
        process.stdout.write(`${report.warnings.map((warning) => `warning: ${warning}\n`).join('')}${tables}\nreport written to ${written!.dir}: ${written!.files.join(', ')}\n`);
      }, { create: false });
    });
}

function studyListCommand() {
  return new Command('list')
    .description('list stored studies, most recently updated first')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--json', 'print JSON')
    .option('--store <url>', 'the store instead of --db: a SQLite file or postgres://user@host/db (what queued studies and their workers share)')
    .action(async (options) => {
      await withStore(options.store ?? options.db, async (store) => {
        const studies = await store.listStudies();
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify(studies.map(({ config: _config, ...study }) => study))}\n`);
          return;
        }
        if (studies.length === 0) process.stdout.write(`no studies in ${options.store === undefined ? options.db : 'this store'}\n`);
        for (const study of studies) process.stdout.write(`${study.id}  ${study.updatedAt}  ${study.status}${study.note === null ? '' : ` (${study.note})`}\n`);
      }, { create: false });
    });
}

/** `quorum study`: run, status, report, list. */
export function studyCommand() {
  return new Command('study')
    .description('controlled protocol comparisons: run a study.yaml grid, follow it, report paired statistics with charts')
    .addCommand(studyRunCommand())
    .addCommand(studyStatusCommand())
    .addCommand(studyReportCommand())
    .addCommand(studyListCommand());
}

/**
 * `study run --queue` (docs/scale-out.md): plans every cell, queues the
 * pending units for `quorum worker` processes and, with `--wait`, follows
 * them. True when no unit is left — nothing needed queueing, or the wait
 * saw the workers finish — so the caller goes on to audit (and print) as in
 * local mode; with units left, `--json` prints what was queued.
 * The queue modules load here only: bullmq and ioredis cost every other
 * command nothing.
 */
async function queueStudyRun(study: ResolvedStudy, storeLocation: string, queueUrl: string, wait: boolean, json: boolean, allowVersionMix: boolean, retryFailed: boolean): Promise<boolean> {
  const { parseQueueLocation } = await import('../../queue/queue-location.js');
  const { openUnitQueue, waitForRedis } = await import('../../queue/unit-queue.js');
  const { queueStudy } = await import('../../queue/queue-study.js');
  const { waitForStudy } = await import('../../queue/wait-for-study.js');
  const location = parseQueueLocation(queueUrl);
  const write = (line: string) => process.stderr.write(`${line}\n`);
  const controller = new AbortController();
  const onSignal = (): void => {
    write(wait ? '\nstopped waiting; the workers go on. Follow with `quorum study status`.' : '\ninterrupted: cells planned so far stay queued; run the same command again to continue.');
    controller.abort();
    process.exitCode = 130;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const queue = openUnitQueue(location);
  try {
    await waitForRedis(queue, location);
    return await withStore(storeLocation, async (store) => {
      if (store.kind === 'sqlite') write('warning: a SQLite store is shared only by workers on this machine; workers elsewhere need --store postgres://…');
      write(`study ${study.id}: ${study.config.cells.length} runs × ${study.config.seeds.length} seeds, queue mode`);
      const outcome = await queueStudy({
        store,
        study,
        queue,
        location,
        signal: controller.signal,
        ...(allowVersionMix ? { allowVersionMix: true } : {}),
        ...(retryFailed ? {} : { retryFailed: false }),
        onEvent: (event) => {
          const line = event.type === 'progress' ? null : formatStudyEvent(study.config, event);
          if (line !== null) write(line);
        },
      });
      write(`queued ${outcome.queued} pending units of ${outcome.runIds.length} runs on ${location.display}${outcome.requeuedFailed > 0 ? ` (${outcome.requeuedFailed} failed jobs re-queued)` : ''}${outcome.note === null ? '' : `; ${outcome.note}`}`);
      if (outcome.queued === 0) return !controller.signal.aborted;
      if (!wait) {
        if (json) process.stdout.write(`${JSON.stringify({ ...outcome, status: 'queued' })}\n`);
        write('start workers (any number, on any machines): quorum worker --queue <this --queue> --store <this --store>');
        write(`follow: quorum study status ${study.id} --store <this --store> [--queue <this --queue>]`);
        write('when every unit is finished, run this command again (or add --wait) to audit the study');
        return false;
      }
      let shown = 0;
      const progress = await waitForStudy(store, (await store.getStudy(study.id))!, {
        signal: controller.signal,
        onProgress: (current) => {
          if (current.totals.finished === shown) return;
          shown = current.totals.finished;
          write(`  ${current.totals.finished}/${current.totals.planned} units finished (${current.totals.failed} failed), ETA ${formatDuration(current.etaMs)}`);
        },
      });
      return progress.totals.remaining === 0 && !controller.signal.aborted;
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await queue.close();
  }
}

/** The queue's state for `study status --queue`, as data and as text. */
async function readQueueStatus(queueUrl: string): Promise<{ status: QueueStatus; text: string }> {
  const { parseQueueLocation } = await import('../../queue/queue-location.js');
  const { openUnitQueue, waitForRedis } = await import('../../queue/unit-queue.js');
  const { formatQueueStatus, queueStatus } = await import('../../queue/queue-status.js');
  const location = parseQueueLocation(queueUrl);
  const queue = openUnitQueue(location);
  try {
    await waitForRedis(queue, location);
    const status = await queueStatus(queue);
    return { status, text: formatQueueStatus(location.display, status) };
  } finally {
    await queue.close();
  }
}
