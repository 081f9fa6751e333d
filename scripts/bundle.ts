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
// - Dependencies stay external (node_modules is read as before), except
//   `BUNDLED_PACKAGES` (zod, commander), whose licences go beside the bundle; every
//   dynamic import stays a separate chunk, so commands still load only what
//   they run (test/cli/lazy-commands.test.ts checks the bundle).
// - Code that finds quorum's own files (package.json, schemas/, fixtures/,
//   the built viewer) walks up to the package root (src/package-root.ts)
//   instead of a path relative to its module, which moves into a chunk here.
// - The type declarations stay in dist/ beside tsc's modules.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Output path (without `.js`, under dist/bundle/) → the compiled module it starts from. */
export const BUNDLE_ENTRIES: Readonly<Record<string, string>> = Object.freeze({
  index: 'dist/index.js',
  'testing/index': 'dist/testing/index.js',
  'cli/bin': 'dist/cli/bin.js',
  'cli/main': 'dist/cli/main.js',
  'cli/v8-settings': 'dist/cli/v8-settings.js',
});

/** Where the bundle goes, relative to the repository root. */
export const BUNDLE_DIR = 'dist/bundle';

/**
 * `dist/bundle/modules.json`: each output file (relative to the bundle) →
 * the compiled modules (relative to the repository root) it holds, so
 * that tests of what a command loads can name modules, not chunks.
 */
export const BUNDLE_MODULES_FILE = 'modules.json';

/**
 * The dependencies bundled into quorum's own chunks; every other one stays
 * in node_modules. zod: `quorum run` loaded its 95 ES modules one by one
 * (≈ 50–150 ms of CPU before the first request); commander and its typings:
 * every command loaded their CommonJS files through node's ES module
 * wrapper (≈ 15 ms of `quorum --help`). BENCHMARKS.md, "Issue 17,
 * 6 December: what `quorum run` loads before its first call". A plugin's
 * own `zod` works with quorum's copy: zod 4 keeps its registry and
 * configuration on `globalThis` and answers `instanceof` by a schema's
 * traits, so schemas, parsed values and errors cross between the copies
 * (test/dev/bundle.test.ts). Each needs its LICENSE file (shipped in
 * `BUNDLE_LICENSES_FILE`) and must not carry a nested node_modules of its
 * own that the bundle would resolve differently.
 */
export const BUNDLED_PACKAGES: readonly string[] = Object.freeze(['zod', 'commander', '@commander-js/extra-typings']);

/**
 * A `require` for the CommonJS packages bundled (commander's
 * `require('node:events')` and the like): esbuild's ES module output calls
 * them through a helper that uses the module's `require`, which an ES
 * module lacks. Put before the output files that define that helper only
 * (a line in every chunk cost `quorum show` more than it saved).
 */
const REQUIRE_LINE = "import { createRequire as __quorumCreateRequire } from 'node:module'; const require = __quorumCreateRequire(import.meta.url);\n";

/** How esbuild's helper for `require` in ES module output starts. */
const REQUIRE_HELPER = 'var __require = ';

/** The licences of `BUNDLED_PACKAGES`, beside the bundle that carries their code. */
export const BUNDLE_LICENSES_FILE = 'THIRD-PARTY-LICENSES.txt';

/** The package a bare import specifier names (`zod/v4/core` → `zod`, `@a/b/c` → `@a/b`); undefined for a path, a node built-in or a subpath import. */
export function packageOf(specifier: string): string | undefined {
  if (/^(\.|\/|#|node:|[A-Za-z]:[\\/])/.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Leaves every dependency external but `BUNDLED_PACKAGES` (esbuild's `packages: 'external'` takes no exceptions). */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = packageOf(path);
      return name === undefined || BUNDLED_PACKAGES.includes(name) ? undefined : { path, external: true };
    });
  },
};

/**
 * zod's error messages in English only, in quorum's bundled copy of zod:
 * `z.locales` and `z.core.locales` (zod/v4/classic/external.js and
 * core/index.js re-export all of zod/v4/locales/index.js, 62 languages)
 * become a module with `en` alone.
 * The locales were 341 KB of the 755 KB chunk that holds zod, whose
 * compiling was most of the compile time before `quorum run`'s first
 * request; loading that chunk alone: 181 → 163 ms CPU, 49.4 → 45.6 MiB
 * (BENCHMARKS.md, "Issue 17, 6 December: zod's locales"). quorum never
 * switches zod's locale (English is zod's default, set by classic/schemas.js
 * from locales/en.js, which stays), and a plugin's own `zod` keeps its
 * locales (test/dev/bundle.test.ts).
 */
const ZOD_LOCALES_NAMESPACE = 'quorum-zod-locales';

const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer }) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index|mini[\\/]external)\.js$/.test(importer) ? { path: 'en-only', namespace: ZOD_LOCALES_NAMESPACE, pluginData: join(importer, '..', '..', 'locales') } : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: ZOD_LOCALES_NAMESPACE }, ({ pluginData }) => ({ contents: "export { default as en } from './en.js';\n", resolveDir: pluginData as string, loader: 'js' }));
  },
};

/** Each bundled package's name, version and licence text, from its node_modules folder. */
function licencesOf(root: string, packages: readonly string[]): string {
  return packages
    .map((name) => {
      const folder = join(root, 'node_modules', name);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string; license?: string };
      const file = readdirSync(folder).find((entry) => /^licen[cs]e(\.|$)/i.test(entry));
      if (file === undefined) throw new Error(`bundle: ${name} has no LICENSE file to ship with its bundled code`);
      return `${name} ${manifest.version} (${manifest.license ?? 'see below'}), bundled into the files of this folder:\n\n${readFileSync(join(folder, file), 'utf8').trim()}\n`;
    })
    .join('\n');
}

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
    plugins: [externalDependencies, zodEnglishOnly],
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
  for (const output of Object.keys(result.metafile.outputs)) {
    const text = readFileSync(join(root, output), 'utf8');
    if (text.includes(REQUIRE_HELPER)) writeFileSync(join(root, output), REQUIRE_LINE + text);
  }
  writeFileSync(join(outdir, BUNDLE_MODULES_FILE), `${JSON.stringify(modules, null, 1)}\n`);
  writeFileSync(join(outdir, BUNDLE_LICENSES_FILE), licencesOf(root, BUNDLED_PACKAGES));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await bundle();
