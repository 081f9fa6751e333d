import type { Command } from '@commander-js/extra-typings';

/** A top-level command of `quorum`, loaded only when it runs. */
export interface LazyCommand {
  /** The command's name on the command line. */
  name: string;
  /** The line `quorum --help` lists; the same text as the command's own description (a test checks it). */
  summary: string;
  /** Imports the command's module and builds the command (its options, arguments and action). */
  load: () => Promise<Command<unknown[], Record<string, unknown>>>;
}

// Each command module pulls in its own heavy libraries (stores, statistics, schemas, the web server), so importing
// every module up front cost `quorum --help` about 1.5 s; a new command is one line here.
/** Every top-level command, in the order `quorum --help` lists them. */
export const COMMANDS: readonly LazyCommand[] = [
  { name: 'init', summary: 'write a commented run.yaml and study.yaml (with JSON Schemas for editors) to start from', load: async () => (await import('./commands/init-command.js')).initCommand() },
  { name: 'run', summary: 'run a protocol on a dataset; every turn is stored', load: async () => (await import('./commands/run-command.js')).runCommand() },
  { name: 'demo', summary: 'run grounded debate (gdp) with 3 agents on the built-in questions and the default in-process model', load: async () => (await import('./commands/demo-command.js')).demoCommand() },
  { name: 'runs', summary: 'list stored runs, newest first', load: async () => (await import('./commands/runs-command.js')).runsCommand() },
  { name: 'protocols', summary: 'list the protocols --protocol accepts, with their paper names', load: async () => (await import('./commands/protocols-command.js')).protocolsCommand() },
  { name: 'datasets', summary: 'list the dataset formats --dataset accepts, with the papers they come from (docs/datasets.md)', load: async () => (await import('./commands/datasets-command.js')).datasetsCommand() },
  { name: 'show', summary: "show a run's metrics: accuracy, agreement, answer changes, unparsed rate, dynamics, tokens, latency, cost, plugin metrics, and its audits (CARA)", load: async () => (await import('./commands/show-command.js')).showCommand() },
  { name: 'audit', summary: 'audit stored runs or foreign traces: CARA-HYB, SIM, contradiction rate (CR), CARA-GT, failure modes; results are stored beside the run', load: async () => (await import('./commands/audit-command.js')).auditCommand() },
  { name: 'score', summary: "score answers from any system with the dataset's official scorer (the one runs use)", load: async () => (await import('./commands/score-command.js')).scoreCommand() },
  { name: 'study', summary: 'controlled protocol comparisons: run a study.yaml grid, follow it, report paired statistics with charts', load: async () => (await import('./commands/study-command.js')).studyCommand() },
  { name: 'export', summary: "export a run's finished units as JSONL, one unit per line (docs/trace-format.md)", load: async () => (await import('./commands/export-command.js')).exportCommand() },
  { name: 'import', summary: 'import units from a JSONL trace file written by `quorum export`; units already stored are skipped', load: async () => (await import('./commands/import-command.js')).importCommand() },
  { name: 'ui', summary: 'open a local web viewer of stored runs, questions and audits', load: async () => (await import('./commands/ui-command.js')).uiCommand() },
  { name: 'serve', summary: 'serve a protocol as an OpenAI-compatible chat model (POST /v1/chat/completions, GET /v1/models); every request is stored as a unit of a run', load: async () => (await import('./commands/serve-command.js')).serveCommand() },
  { name: 'worker', summary: 'execute queued units (from `quorum study run --queue`) on this machine; start any number, on any number of machines', load: async () => (await import('./commands/worker-command.js')).workerCommand() },
];

/**
 * The top-level command a command line runs: its first argument that is not
 * an option (the program's own options, `--help` and `--version`, take no
 * value), or the one after `help`. Undefined when it names none.
 */
export function commandNameOf(args: readonly string[]): string | undefined {
  const words = args.filter((arg) => !arg.startsWith('-'));
  return words[0] === 'help' ? words[1] : words[0];
}
