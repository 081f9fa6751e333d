import { Command } from '@commander-js/extra-typings';
import { importJsonl } from '../../store/jsonl-import.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** `quorum import`. */
export function importCommand() {
  return new Command('import')
    .description('import units from a JSONL trace file written by `quorum export`; units already stored are skipped')
    .argument('<file.jsonl>', 'JSONL file')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--json', 'print the report as JSON')
    .action(async (file, options) => {
      await withStore(options.db, async (store) => {
        const report = await importJsonl(store, file);
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify(report)}\n`);
          return;
        }
        process.stdout.write(`imported ${report.imported} units, skipped ${report.skipped} already stored (${report.lines} lines)`);
        process.stdout.write(report.createdRuns.length > 0 ? `; new runs: ${report.createdRuns.join(', ')}\n` : '\n');
      });
    });
}
