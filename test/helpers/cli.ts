import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distMatchesSources } from '../../scripts/source-stamp.js';

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The node arguments that start `quorum` from `root`: the built CLI bundle
 * `dist/bundle/cli/bin.js` (what the `quorum` binary runs) when dist/ was
 * built from exactly the sources there are now (its stamp matches, see
 * scripts/source-stamp.ts), otherwise `src/cli/bin.ts` through tsx. Both
 * run the same code; the built one skips transpiling on every start, which
 * is most of a short command's time. A stale or half-built dist/ carries no
 * matching stamp and is never run.
 */
export function cliArgs(root: string = REPO_ROOT): string[] {
  return distMatchesSources(root) ? [join(root, 'dist/bundle/cli/bin.js')] : ['--import', 'tsx', join(root, 'src/cli/bin.ts')];
}

let args: string[] | undefined;

/** `cliArgs()` for this checkout, checked once per test file. */
export function quorumArgs(): readonly string[] {
  args ??= cliArgs();
  return args;
}

/** The output of a finished CLI process. */
export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `quorum <args>` in a child process (see `cliArgs` for which build). */
export function spawnCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [...quorumArgs(), ...args], { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Waits for a child process and collects its output. */
export function collect(child: ChildProcess): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/** Runs `quorum <args>` to completion. */
export function runCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return collect(spawnCli(args, env));
}

/** Resolves with the loopback URL a `quorum ui` child prints when it listens; rejects if it exits first. */
export function viewerUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match !== null) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`quorum ui exited early with ${code}`)));
  });
}
