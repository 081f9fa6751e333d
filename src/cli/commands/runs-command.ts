import { Command } from '@commander-js/extra-typings';
import { DEFAULT_DB, withStore } from '../store-option.js';

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
        if (options.json === true) {
          const rows = runs.map((run) => ({ runId: run.id, createdAt: run.createdAt, status: run.status, protocol: run.config.protocol.name, dataset: run.config.dataset.name, agents: run.config.agents.length, seeds: run.config.seeds, units: run.units }));
          process.stdout.write(`${JSON.stringify(rows)}\n`);
          return;
        }
        if (runs.length === 0) {
          process.stdout.write(`no runs in ${options.db}\n`);
          return;
        }
        for (const run of runs) {
          const units = run.units;
          process.stdout.write(
            `${run.id}  ${run.createdAt}  ${run.status.padEnd(11)}  ${run.config.protocol.name.padEnd(6)}  ${run.config.dataset.name}  agents ${run.config.agents.length}  units ${units.done}/${units.total}${units.failed > 0 ? ` (failed ${units.failed})` : ''}\n`,
          );
        }
      }, { create: options.create === true, createFlag: true });
    });
}
