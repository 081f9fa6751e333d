import { Command } from '@commander-js/extra-typings';
import { buildStudyReport, reportJson } from '../../analysis/study-report.js';
import { tableMarkdown } from '../../analysis/report-table.js';
import { writeStudyReport } from '../../analysis/write-report.js';
import { loadStudy } from '../../study/resolve-study.js';
import { runStudy } from '../../study/run-study.js';
import { formatStudyEvent, formatStudyOutcome, formatStudyProgress } from '../../study/format-study.js';
import { findStudy, studyProgress } from '../../study/study-status.js';
import { integerFlag } from '../parse-flags.js';
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
    .option('--json', 'print the outcome as one JSON object')
    .action(async (file, options) => {
      const study = await loadStudy(file);
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
        await withStore(options.db, async (store) => {
          const outcome = await runStudy({
            store,
            study,
            ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
            signal: controller.signal,
            ...(options.audit === false ? { audit: false } : {}),
            ...(options.replay === true ? { replay: true } : {}),
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
    .action(async (id, options) => {
      await withStore(options.db, async (store) => {
        const progress = await studyProgress(store, await findStudy(store, id));
        if (options.json === true) {
          const { config: _config, study, ...rest } = progress;
          process.stdout.write(`${JSON.stringify({ study: { ...study, config: undefined }, ...rest })}\n`);
        } else {
          process.stdout.write(`${formatStudyProgress(progress)}\n`);
        }
      });
    });
}

function studyReportCommand() {
  return new Command('report')
    .description('report of a study: Markdown, self-contained HTML, a CSV per table and SVG charts')
    .argument('<study>', 'study id, or a study name (the most recent with that name)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--out <dir>', 'write the report files here (default: reports/<study-id>; with --json only when given)')
    .option('--json', 'print the report data as JSON')
    .action(async (id, options) => {
      await withStore(options.db, async (store) => {
        const study = await findStudy(store, id);
        const report = await buildStudyReport(store, study);
        const out = options.out ?? (options.json === true ? undefined : `reports/${study.id}`);
        const written = out === undefined ? undefined : await writeStudyReport(report, out);
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify(reportJson(report))}\n`);
          return;
        }
        const comparisons = report.tables.find((table) => table.id === 'comparisons')!;
        process.stdout.write(`${report.warnings.map((warning) => `warning: ${warning}\n`).join('')}${tableMarkdown(comparisons)}\n\nreport written to ${written!.dir}: ${written!.files.join(', ')}\n`);
      });
    });
}

function studyListCommand() {
  return new Command('list')
    .description('list stored studies, most recently updated first')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--json', 'print JSON')
    .action(async (options) => {
      await withStore(options.db, async (store) => {
        const studies = await store.listStudies();
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify(studies.map(({ config: _config, ...study }) => study))}\n`);
          return;
        }
        if (studies.length === 0) process.stdout.write(`no studies in ${options.db}\n`);
        for (const study of studies) process.stdout.write(`${study.id}  ${study.updatedAt}  ${study.status}${study.note === null ? '' : ` (${study.note})`}\n`);
      });
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
