import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { collect, quorumArgs, REPO_ROOT, type CliResult } from './cli.js';

/** A finished `quorum` process and every module file it loaded. */
export interface LoadedModules extends CliResult {
  /** Paths of the ES modules it resolved and the CommonJS modules it required (each once, in no particular order). */
  files: string[];
}

// Registered in the child: ES modules are seen by a resolve hook (run in the hooks thread, hence the log file);
// CommonJS modules required by other CommonJS code (kysely's build, loaded through createRequire) never reach
// the hooks, so the child adds require.cache to the log as it exits.
const HOOKS = `import { appendFileSync } from 'node:fs';
let log;
export function initialize(file) { log = file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.startsWith('file:')) appendFileSync(log, new URL(resolved.url).pathname + '\\n');
  return resolved;
}
`;
const REGISTER = `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
const log = process.env.QUORUM_MODULE_LOG;
register(new URL('./hooks.mjs', import.meta.url), { data: log });
const cache = createRequire(import.meta.url).cache;
process.on('exit', () => appendFileSync(log, Object.keys(cache).join('\\n') + '\\n'));
`;

/**
 * Runs `quorum <args>` in a child process (the build `cliArgs` picks) and
 * lists the module files it loaded, for tests of what a command path
 * loads and what it must leave alone.
 */
export async function loadedModules(args: readonly string[]): Promise<LoadedModules> {
  const dir = mkdtempSync(join(tmpdir(), 'quorum-modules-'));
  try {
    writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
    writeFileSync(join(dir, 'register.mjs'), REGISTER);
    const log = join(dir, 'modules.log');
    writeFileSync(log, '');
    const cli = quorumArgs();
    // the probe's hooks go after tsx's (when the sources run through it), so they see every resolution first
    const child = spawn(process.execPath, [...cli.slice(0, -1), '--import', pathToFileURL(join(dir, 'register.mjs')).href, cli.at(-1)!, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1', QUORUM_MODULE_LOG: log },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result = await collect(child);
    const files = [...new Set(readFileSync(log, 'utf8').split('\n').filter((line) => line !== ''))];
    return { ...result, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
