import { Command } from '@commander-js/extra-typings';
import { runMetrics } from '../../metrics/run-metrics.js';
import { ConfigError } from '../../spec/errors.js';
import { formatRunMetrics, metricsJson } from '../format-metrics.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** `quorum show`. */
export function showCommand() {
  return new Command('show')
    .description("show a run's metrics: accuracy, agreement, answer changes, unparsed rate, tokens, latency, cost")
    .argument('<run-id>', 'run id (see `quorum runs`)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--json', 'print one JSON object')
    .action(async (runId, options) => {
      await withStore(options.db, async (store) => {
        const run = await store.getRun(runId);
        if (run === undefined) throw new ConfigError(`no run "${runId}" in ${options.db}`, 'list runs with `quorum runs`');
        const metrics = runMetrics(await store.listUnits(runId));
        process.stdout.write(options.json === true ? `${JSON.stringify(metricsJson(run, metrics))}\n` : `${formatRunMetrics(run, metrics)}\n`);
      });
    });
}
