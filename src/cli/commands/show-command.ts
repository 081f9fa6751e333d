import { Command } from '@commander-js/extra-typings';
import { auditJson } from '../../audit-runner/audit-json.js';
import { formatAuditTable } from '../../audit-runner/format-audit.js';
import { measureRun } from '../../runner/measure-run.js';
import { ConfigError } from '../../spec/errors.js';
import { formatRunMetrics, metricsJson, metricsNotes } from '../format-metrics.js';
import { loadShowPlugins } from '../load-show-plugins.js';
import { collectFlag } from '../parse-flags.js';
import { DEFAULT_DB, withStore } from '../store-option.js';

/** `quorum show`. */
export function showCommand() {
  return new Command('show')
    .description("show a run's metrics: accuracy, agreement, answer changes, unparsed rate, dynamics, tokens, latency, cost, plugin metrics, and its audits (CARA)")
    .argument('<run-id>', 'run id (see `quorum runs`)')
    .option('--db <file>', 'SQLite database', DEFAULT_DB)
    .option('--create', 'create the database when it does not exist (default: refuse, so a mistyped --db is an error)')
    .option('--json', 'print one JSON object')
    .option('--plugin <file>', 'a plugin module to load instead of the plugin files the run recorded, for its metrics (repeatable; for a machine that keeps them elsewhere)', collectFlag)
    .action(async (runId, options) => {
      await withStore(options.db, async (store) => {
        const run = await store.getRun(runId);
        if (run === undefined) throw new ConfigError(`no run "${runId}" in ${options.db}`, 'list runs with `quorum runs`');
        // before the metrics are read: a plugin metric that needs the events makes them read
        const pluginsUnavailable = await loadShowPlugins(run, options.plugin);
        const units = await store.listUnits(runId);
        // the metrics ask for what they need: a shared log's events, and for verifier detection the questions rebuilt from the recorded dataset
        const { metrics, inputs } = await measureRun(store, run, units);
        const notes = { ...metricsNotes(inputs), ...(pluginsUnavailable.length === 0 ? {} : { pluginsUnavailable }) };
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
