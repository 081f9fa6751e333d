import { main } from '../../src/cli/main.js';
import type { CliResult } from './cli.js';

/**
 * Runs `quorum <args>` in this process through `main` (the same path as the
 * binary, minus the process): stdout and stderr are captured and the exit
 * code is what `main` set. Tests in one file run one at a time, so swapping
 * the global writers is safe; use `runCli` where a real process matters
 * (signals, pipes, stdin).
 *
 * Only text is captured: the CLI writes strings, while node:test's own
 * reporter in this process writes serialized Buffers to stdout, which must
 * still reach the test runner.
 */
export async function runInProcess(args: readonly string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const writers = { stdout: process.stdout.write, stderr: process.stderr.write };
  const previousCode = process.exitCode;
  process.exitCode = undefined;
  process.stdout.write = capture(writers.stdout.bind(process.stdout), (text) => (stdout += text));
  process.stderr.write = capture(writers.stderr.bind(process.stderr), (text) => (stderr += text));
  try {
    await main(['node', 'quorum', ...args]);
    const code = process.exitCode === undefined ? 0 : Number(process.exitCode);
    return { code, signal: null, stdout, stderr };
  } finally {
    process.stdout.write = writers.stdout;
    process.stderr.write = writers.stderr;
    process.exitCode = previousCode;
  }
}

function capture(real: typeof process.stdout.write, append: (text: string) => void): typeof process.stdout.write {
  return ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (typeof chunk !== 'string') return (real as (chunk: Uint8Array, ...rest: unknown[]) => boolean)(chunk, ...rest);
    append(chunk);
    const callback = rest.find((value) => typeof value === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as typeof process.stdout.write;
}
