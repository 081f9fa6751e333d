import { DEFAULT_DB } from './store-option.js';

/**
 * The commands to try after a run, for stderr (never in `--json` stdout).
 * `--db` is repeated when the run used another database, so each line runs
 * as pasted.
 */
export function nextSteps(runId: string, db: string, options: { testModel?: boolean } = {}): string {
  const dbFlag = db === DEFAULT_DB ? '' : ` --db ${/^[\w./:@-]+$/.test(db) ? db : `'${db.replace(/'/g, `'\\''`)}'`}`;
  const rows: Array<[string, string]> = [
    [`quorum show ${runId}${dbFlag}`, "this run's metrics again"],
    [`quorum audit ${runId}${dbFlag}`, 'do agents that agree also reason alike (CARA)?'],
    [`quorum ui${dbFlag}`, 'browse runs, questions and every turn in the browser'],
    ...(options.testModel === true ? ([['quorum demo --backend ollama:qwen2.5', 'real answers from a local Ollama server (docs/backends.md)']] as Array<[string, string]>) : []),
  ];
  const width = Math.max(...rows.map(([command]) => command.length));
  return `next:\n${rows.map(([command, what]) => `  ${command.padEnd(width)}  ${what}`).join('\n')}\n`;
}
