import { Command, CommanderError } from '@commander-js/extra-typings';
import { describeError } from '../spec/errors.js';
import { CODE_VERSION } from '../version.js';
import { auditCommand } from './commands/audit-command.js';
import { datasetsCommand } from './commands/datasets-command.js';
import { demoCommand } from './commands/demo-command.js';
import { exportCommand } from './commands/export-command.js';
import { importCommand } from './commands/import-command.js';
import { initCommand } from './commands/init-command.js';
import { protocolsCommand } from './commands/protocols-command.js';
import { runCommand } from './commands/run-command.js';
import { runsCommand } from './commands/runs-command.js';
import { scoreCommand } from './commands/score-command.js';
import { serveCommand } from './commands/serve-command.js';
import { showCommand } from './commands/show-command.js';
import { studyCommand } from './commands/study-command.js';
import { uiCommand } from './commands/ui-command.js';
import { workerCommand } from './commands/worker-command.js';
import { commanderExitCode, configureUsageErrors, EXIT_BAD_INPUT, EXIT_FAILURE, exitQuietlyOnBrokenPipe, isBrokenPipe } from './usage-errors.js';

/**
 * The `quorum` program with every command. Usage errors throw a
 * `CommanderError` (see `configureUsageErrors`) instead of exiting, so the
 * program can be run in-process.
 */
export function buildProgram(): Command {
  const program = new Command('quorum')
    .description('run, audit and compare multi-agent LLM reasoning protocols')
    .version(CODE_VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .addCommand(initCommand())
    .addCommand(runCommand())
    .addCommand(demoCommand())
    .addCommand(runsCommand())
    .addCommand(protocolsCommand())
    .addCommand(datasetsCommand())
    .addCommand(showCommand())
    .addCommand(auditCommand())
    .addCommand(scoreCommand())
    .addCommand(studyCommand())
    .addCommand(exportCommand())
    .addCommand(importCommand())
    .addCommand(uiCommand())
    .addCommand(serveCommand())
    .addCommand(workerCommand());
  configureUsageErrors(program);
  return program;
}

/**
 * Entry point of the CLI: runs the command and turns any error into one
 * line plus a hint on stderr and a non-zero exit code.
 */
export async function main(argv: readonly string[]): Promise<void> {
  exitQuietlyOnBrokenPipe();
  const program = buildProgram();
  try {
    await program.parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has printed the error and the hint
      process.exitCode = commanderExitCode(error);
      return;
    }
    if (isBrokenPipe(error)) {
      // the reader of our stdout stopped (`| head`): what it read is what it asked for
      process.exitCode = 0;
      return;
    }
    const described = describeError(error);
    process.stderr.write(`error: ${described.message}\n`);
    if (described.hint !== undefined) process.stderr.write(`hint: ${described.hint}\n`);
    if (described.code === 'INTERNAL' && error instanceof Error && process.env.QUORUM_DEBUG !== undefined) process.stderr.write(`${error.stack}\n`);
    process.exitCode = described.code.startsWith('CONFIG') || described.code.startsWith('DATASET') ? EXIT_BAD_INPUT : EXIT_FAILURE;
  }
}
