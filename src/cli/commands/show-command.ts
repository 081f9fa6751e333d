import { Command } from '@commander-js/extra-typings';
import { auditJson } from '../../audit-runner/audit-json.js';
import { formatAuditTable } from '../../audit-runner/format-audit.js';
import { runMetrics } from '../../metrics/run-metrics.js';
import { ConfigError } from '../../spec/errors.js';
import { formatRunMetrics, metricsJson } from '../format-metrics.js';
import { DEFAULT_DB, withStore } from '../store-option.js';
import { readTableQaInputs } from '../table-qa-inputs.js';

/** `quorum show`. */
export function showCommand() {
  return new Command('show')
    .description("show a run's metrics: accuracy, agreement, answer changes, unparsed rate, dynamics, tokens, latency, cost, and its audits (CARA)")
    .argument('<run-id>', 'run id (see `quorum runs`)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--create', 'create the database when it does not exist (default: refuse, so a mistyped --db is an error)')
    .option('--json', 'print one JSON object')
    .action(async (runId, options) => {
      await withStore(options.db, async (store) => {
        const run = await store.getRun(runId);
        if (run === undefined) throw new ConfigError(`no run "${runId}" in ${options.db}`, 'list runs with `quorum runs`');
        const units = await store.listUnits(runId);
        // table-QA metrics (faithfulness, FLAG count, verifier detection) read the shared log from the events; detection also the questions
        const { options: inputs, ...notes } = await readTableQaInputs(store, run, units);
        const metrics = runMetrics(units, inputs);
        // newest first: every audit of the run is kept, each labelled by its models and τ
        const audits = await store.listAudits(runId);
        if (options.json === true) {
          process.stdout.write(`${JSON.stringify({ ...metricsJson(run, metrics, notes), audits: audits.map(auditJson) })}\n`);
          return;
        }
        process.stdout.write(`${formatRunMetrics(run, metrics, notes)}\n`);
        process.stdout.write(audits.length === 0 ? '\nno audit yet: `quorum audit ' + runId + '` measures reasoning alignment (CARA)\n' : `\naudits (newest first)\n${formatAuditTable(audits)}\n`);
      }, { create: options.create === true, createFlag: true });
    });
}
