import { Command } from '@commander-js/extra-typings';
import { runMetrics } from '../../metrics/run-metrics.js';
import { modelLabel, runModel } from '../../runner/run-model.js';
import { runStatusText } from '../run-status-text.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** Rows of cells as lines, each column as wide as its widest cell. */
function alignColumns(rows: readonly string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ')).join('\n') + '\n';
}

/** `quorum runs`. */
export function runsCommand() {
  return new Command('runs')
    .description('list stored runs, newest first')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--create', 'create the database when it does not exist (default: refuse, so a mistyped --db is an error)')
    .option('--json', 'print JSON')
    .action(async (options) => {
      await withStore(options.db, async (store) => {
        const runs = await store.listRuns();
        // accuracy as `show` computes it, from the stored unit summaries (no events are read)
        const accuracies = await Promise.all(runs.map(async (run) => runMetrics(await store.listUnits(run.id)).accuracy));
        if (options.json === true) {
          const rows = runs.map((run, index) => ({
            runId: run.id,
            createdAt: run.createdAt,
            status: run.status,
            protocol: run.config.protocol.name,
            dataset: run.config.dataset.name,
            model: runModel(run.config),
            agents: run.config.agents.length,
            seeds: run.config.seeds,
            units: run.units,
            accuracy: accuracies[index],
          }));
          process.stdout.write(`${JSON.stringify(rows)}\n`);
          return;
        }
        if (runs.length === 0) {
          process.stdout.write(`no runs in ${options.db}\n`);
          return;
        }
        const rows = runs.map((run, index) => {
          const units = run.units;
          const accuracy = accuracies[index];
          return [
            run.id,
            run.createdAt,
            runStatusText(run.status, units.failed),
            run.config.protocol.name,
            run.config.dataset.name,
            [...new Set(run.config.agents.map((agent) => modelLabel(agent.backend)))].join(', '),
            `agents ${run.config.agents.length}`,
            `units ${units.done}/${units.total}${units.failed > 0 ? ` (failed ${units.failed})` : ''}`,
            `accuracy ${accuracy === null || accuracy === undefined ? 'n/a' : `${(accuracy * 100).toFixed(1)}%`}`,
          ];
        });
        process.stdout.write(alignColumns(rows));
      }, { create: options.create === true, createFlag: true });
    });
}
