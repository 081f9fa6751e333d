import { Command, CommanderError } from '@commander-js/extra-typings';
import { describeError } from '../spec/errors.js';
import { CODE_VERSION } from '../version.js';
import { COMMANDS, commandNameOf } from './command-table.js';
import { commanderExitCode, configureUsageErrors, EXIT_BAD_INPUT, EXIT_FAILURE, exitQuietlyOnBrokenPipe, isBrokenPipe } from './usage-errors.js';

/**
 * The `quorum` program. Only the command that `args` (the arguments after
 * `node quorum`) names is loaded; the others are listed by name and summary,
 * so `--help` and `--version` load no command module. Without `args` every
 * command is loaded (for tests that walk the whole tree). Usage errors
 * throw a `CommanderError` (see `configureUsageErrors`) instead of exiting,
 * so the program can be run in-process.
 */
export async function buildProgram(args?: readonly string[]): Promise<Command> {
  const program = new Command('quorum')
    .description('run, audit and compare multi-agent LLM reasoning protocols')
    .version(CODE_VERSION)
    .showHelpAfterError('(run with --help for usage)');
  const wanted = args === undefined ? undefined : commandNameOf(args);
  const loaded = await Promise.all(COMMANDS.map((entry) => (args === undefined || entry.name === wanted ? entry.load() : undefined)));
  COMMANDS.forEach((entry, index) => {
    program.addCommand((loaded[index] ?? new Command(entry.name)).summary(entry.summary) as unknown as Command);
  });
  configureUsageErrors(program);
  return program;
}

/**
 * Entry point of the CLI: runs the command and turns any error into one
 * line plus a hint on stderr and a non-zero exit code.
 */
export async function main(argv: readonly string[]): Promise<void> {
  exitQuietlyOnBrokenPipe();
  try {
    const program = await buildProgram(argv.slice(2));
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
