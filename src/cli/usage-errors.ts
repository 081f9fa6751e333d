import type { Command } from '@commander-js/extra-typings';
import { CommanderError } from '@commander-js/extra-typings';

/** Exit code of bad input: an unknown option, command or flag value, a malformed config. */
export const EXIT_BAD_INPUT = 2;
/** Exit code of a failure: a unit, a backend, the store. */
export const EXIT_FAILURE = 1;
/** Exit code after Ctrl-C or SIGTERM (128 + SIGINT), as shells report it. */
export const EXIT_INTERRUPTED = 130;

/**
 * Makes every command of the tree throw instead of exiting and print a hint
 * after a usage error. Commander copies these settings only to commands
 * made with `.command()`, not to those added with `.addCommand()`, so a
 * subcommand's unknown option would otherwise `process.exit(1)` on its own.
 */
export function configureUsageErrors(command: Command<unknown[], Record<string, unknown>>, path = ''): void {
  const name = path === '' ? command.name() : `${path} ${command.name()}`;
  command.exitOverride();
  command.showHelpAfterError(`hint: \`${name} --help\` lists the ${command.commands.length > 0 ? 'commands and options' : 'options'}`);
  for (const sub of command.commands) configureUsageErrors(sub as Command<unknown[], Record<string, unknown>>, name);
}

/** The exit code of a commander error: 0 for help and version, 2 for every usage error. */
export function commanderExitCode(error: CommanderError): number {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return error.exitCode;
  // `quorum study` with no subcommand prints help as an error (exit code 1 in commander): a missing command is bad input
  return error.code === 'commander.help' && error.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
}

/** Whether an error is a closed pipe on our output (`quorum export … | head`): the reader has all it wants. */
export function isBrokenPipe(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EPIPE';
}

let pipeGuardInstalled = false;

/**
 * \`quorum export … | head\`: once the reader closes the pipe, the next write
 * fails with EPIPE as an 'error' event on the stream, which would crash with
 * "write EPIPE". Exit quietly instead: the reader has what it asked for.
 */
export function exitQuietlyOnBrokenPipe(): void {
  if (pipeGuardInstalled) return;
  pipeGuardInstalled = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error) => {
      if (isBrokenPipe(error)) process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
}
