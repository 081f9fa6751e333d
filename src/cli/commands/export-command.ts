import { Command } from '@commander-js/extra-typings';
import { preferencePairLines } from '../../export/preference-pairs.js';
import { exportJsonlLines, writeJsonl } from '../../store/jsonl-export.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** `quorum export`. */
export function exportCommand() {
  return new Command('export')
    .description("export a run's finished units as JSONL, one unit per line (docs/trace-format.md)")
    .argument('<run-id>', 'run id (see `quorum runs`)')
    .option('--out <file.jsonl>', 'output file (default: stdout)')
    .option('--preferences', "write DPO-style preference pairs from the judge's choices among drafts (prompt, chosen, rejected, rationale)")
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--create', 'create the database when it does not exist (default: refuse, so a mistyped --db is an error)')
    .action(async (runId, options) => {
      await withStore(options.db, async (store) => {
        const lines = options.preferences === true ? preferencePairLines(store, runId) : exportJsonlLines(store, [runId]);
        const count = await writeJsonl(lines, options.out ?? process.stdout);
        const what = options.preferences === true ? 'preference pairs' : 'units';
        if (options.out !== undefined) process.stderr.write(`exported ${count} ${what} of ${runId} to ${options.out}\n`);
        if (options.preferences === true && count === 0) process.stderr.write('no preference pairs: the run has no judge choices among drafts (run with drafts > 1)\n');
      }, { create: options.create === true, createFlag: true });
    });
}
