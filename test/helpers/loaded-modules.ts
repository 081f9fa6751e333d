import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUNDLE_DIR, BUNDLE_MODULES_FILE } from '../../scripts/bundle.js';
import { collect, quorumArgs, REPO_ROOT, type CliResult } from './cli.js';

/** A finished `quorum` process and every module file it loaded. */
export interface LoadedModules extends CliResult {
  /** Paths of the ES modules it resolved and the CommonJS modules it required (each once, in no particular order). */
  files: string[];
  /** The same, with a file of the CLI bundle as itself instead of the modules in it: what the process read from disk. */
  read: string[];
  /**
   * Node's built-in modules the program loaded (`node:https`, …): those an
   * ES module imported, and those first loaded after the probe started
   * (node's `process.moduleLoadList`), whoever asked for them. The probe's
   * own hooks thread loads `node:worker_threads`, so that one is seen only
   * when imported.
   */
  builtins: string[];
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
  else if (resolved.url.startsWith('node:')) appendFileSync(log, resolved.url + '\\n');
  return resolved;
}
`;
const REGISTER = `import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
const log = process.env.QUORUM_MODULE_LOG;
register(new URL('./hooks.mjs', import.meta.url), { data: log });
const cache = createRequire(import.meta.url).cache;
const builtinsBefore = new Set(process.moduleLoadList);
const builtinsSince = () => process.moduleLoadList.filter((entry) => !builtinsBefore.has(entry) && /^NativeModule (?!internal\\/)/.test(entry)).map((entry) => 'node:' + entry.slice('NativeModule '.length));
process.on('exit', () => appendFileSync(log, [...Object.keys(cache), ...builtinsSince()].join('\\n') + '\\n'));
`;

const BUNDLE = join(REPO_ROOT, BUNDLE_DIR);
let bundleModules: Record<string, string[]> | undefined;

/**
 * A file of the CLI bundle stands for the compiled modules esbuild put in
 * it (dist/bundle/modules.json, written by scripts/bundle.ts), so that a
 * test names `dist/store/migrations/…` whichever build ran; any other file
 * stands for itself.
 */
function bundledModules(file: string): string[] {
  const inBundle = relative(BUNDLE, file).split(sep).join('/');
  if (inBundle.startsWith('../') || inBundle === BUNDLE_MODULES_FILE) return [file];
  bundleModules ??= JSON.parse(readFileSync(join(BUNDLE, BUNDLE_MODULES_FILE), 'utf8')) as Record<string, string[]>;
  const modules = bundleModules[inBundle];
  if (modules === undefined) throw new Error(`${file} is not in ${BUNDLE_MODULES_FILE}: rebuild (npm run build)`);
  return modules.map((module) => join(REPO_ROOT, module));
}

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
    const lines = [...new Set(readFileSync(log, 'utf8').split('\n').filter((line) => line !== ''))];
    const read = lines.filter((line) => !line.startsWith('node:'));
    const builtins = lines.filter((line) => line.startsWith('node:'));
    return { ...result, files: [...new Set(read.flatMap(bundledModules))], read, builtins };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
