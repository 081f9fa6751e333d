// Bundles the compiled library and CLI (dist/) into dist/bundle/ with
// esbuild: the same modules, joined into a few files. Why: a command's
// start-up was mostly resolving, reading and linking ~300 of quorum's own
// ES modules one by one (BENCHMARKS.md, "Issue 17, 6 December: one bundle").
//
//   node --import tsx scripts/bundle.ts      (the last step of `npm run build`, before the source stamp)
//
// - The library (`import … from 'quorum'`, `quorum/testing`) and the CLI are
//   entry points of ONE build with code splitting, so they share chunks: a
//   plugin that imports from 'quorum' gets the very classes and registries
//   the CLI uses (the package's "exports" point at dist/bundle/).
// - Dependencies stay external (node_modules is read as before), and every
//   dynamic import stays a separate chunk, so commands still load only what
//   they run (test/cli/lazy-commands.test.ts checks the bundle).
// - Code that finds quorum's own files (package.json, schemas/, fixtures/,
//   the built viewer) walks up to the package root (src/package-root.ts)
//   instead of a path relative to its module, which moves into a chunk here.
// - The type declarations stay in dist/ beside tsc's modules.
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Output path (without `.js`, under dist/bundle/) → the compiled module it starts from. */
export const BUNDLE_ENTRIES: Readonly<Record<string, string>> = Object.freeze({
  index: 'dist/index.js',
  'testing/index': 'dist/testing/index.js',
  'cli/bin': 'dist/cli/bin.js',
  'cli/main': 'dist/cli/main.js',
  'cli/heap-settings': 'dist/cli/heap-settings.js',
});

/** Where the bundle goes, relative to the repository root. */
export const BUNDLE_DIR = 'dist/bundle';

/**
 * `dist/bundle/modules.json`: each output file (relative to the bundle) →
 * the compiled modules (relative to the repository root) it holds, so
 * that tests of what a command loads can name modules, not chunks.
 */
export const BUNDLE_MODULES_FILE = 'modules.json';

export async function bundle(root: string = ROOT): Promise<void> {
  const outdir = join(root, BUNDLE_DIR);
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(BUNDLE_ENTRIES).map(([out, input]) => ({ in: input, out })),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  if (result.errors.length > 0 || result.warnings.length > 0) throw new Error(`bundle: ${result.errors.length} errors, ${result.warnings.length} warnings (printed above)`);
  const modules = Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([output, { inputs }]) => [relative(outdir, join(root, output)).split('\\').join('/'), Object.keys(inputs).sort()]),
  );
  writeFileSync(join(outdir, BUNDLE_MODULES_FILE), `${JSON.stringify(modules, null, 1)}\n`);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await bundle();
