import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What quorum's own package.json holds that start-up reads. */
export interface PackageManifest {
  name: string;
  version: string;
}

/**
 * The folder that holds quorum's package.json, found by walking up from the
 * module that asks. Why walk rather than a fixed `../` path: the same code
 * runs from `src/` (tsx), from `dist/` (tsc's output) and from the CLI
 * bundle in `dist/bundle/` (scripts/bundle.ts), where esbuild has moved it
 * into a chunk at another depth. quorum's files outside the code (the
 * package manifest, `schemas/`, `fixtures/`, the built viewer in
 * `dist/web/ui/`) are found from this root.
 */
export function findPackageRoot(fromUrl: string): { root: string; manifest: PackageManifest } {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = readManifest(join(dir, 'package.json'));
    if (manifest?.name === 'quorum') return { root: dir, manifest };
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`quorum's package.json was not found above ${fileURLToPath(fromUrl)}`);
    dir = parent;
  }
}

function readManifest(file: string): PackageManifest | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return JSON.parse(text) as PackageManifest;
}

const found = findPackageRoot(import.meta.url);

/** quorum's package folder (a checkout, or `node_modules/quorum` when installed). */
export const PACKAGE_ROOT: string = found.root;

/** quorum's package.json, read once at start-up. */
export const PACKAGE_MANIFEST: PackageManifest = found.manifest;
