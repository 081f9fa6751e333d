import { Command } from '@commander-js/extra-typings';
import { exportJsonlLines, writeJsonl } from '../../store/jsonl-export.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** `quorum export`. */
export function exportCommand() {
  return new Command('export')
    .description("export a run's finished units as JSONL, one unit per line (docs/trace-format.md)")
    .argument('<run-id>', 'run id (see `quorum runs`)')
    .option('--out <file.jsonl>', 'output file (default: stdout)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .action(async (runId, options) => {
      await withStore(options.db, async (store) => {
        const count = await writeJsonl(exportJsonlLines(store, [runId]), options.out ?? process.stdout);
        if (options.out !== undefined) process.stderr.write(`exported ${count} units of ${runId} to ${options.out}\n`);
      });
    });
}
