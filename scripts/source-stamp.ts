// dist/source-stamp.json: a SHA-256 of the sources dist/ was built from, so
// that the tests can run the built CLI (plain node, no TypeScript transpiling
// on every start) exactly when it matches the sources, and the sources
// through tsx otherwise. The build runs it twice:
//
//   node --import tsx scripts/source-stamp.ts begin   first: removes the stamp, notes the hash
//   node --import tsx scripts/source-stamp.ts end     last: writes the stamp if the sources did not change meanwhile
//
// A failed or interrupted build therefore leaves no stamp, and an edit made
// while the build ran leaves none either: a stale dist/ is never stamped.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashFiles, listFiles } from './hash-files.js';

/** What the build reads, relative to the repository root: every file under these (the bundler's script too: a bundle made by an older one is stale). */
export const STAMP_INPUTS: readonly string[] = Object.freeze(['src', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle.ts']);

/** The stamp, relative to the repository root. */
export const STAMP_FILE = 'dist/source-stamp.json';
const PENDING_FILE = 'dist/source-stamp.pending.json';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * SHA-256 over every input file, sorted by path (`hashFiles`: its path, a
 * NUL, its bytes, a NUL). Paths count, so a renamed, added or deleted file
 * changes it too.
 */
export function hashSources(root: string = ROOT): string {
  return hashFiles(root, listFiles(root, STAMP_INPUTS));
}

function readHash(root: string, file: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(root, file), 'utf8')) as { sha256?: string }).sha256;
  } catch {
    return undefined;
  }
}

/** True when dist/ carries a stamp and it equals the hash of the sources as they are now. */
export function distMatchesSources(root: string = ROOT): boolean {
  const stamped = readHash(root, STAMP_FILE);
  return stamped !== undefined && stamped === hashSources(root);
}

/** Start of a build: no stamp until the build has finished; remember what it starts from. */
export function beginBuild(root: string = ROOT): void {
  rmSync(join(root, STAMP_FILE), { force: true });
  // a fresh clone has no dist/ yet: the compilers create it later in the build
  mkdirSync(dirname(join(root, PENDING_FILE)), { recursive: true });
  writeFileSync(join(root, PENDING_FILE), `${JSON.stringify({ sha256: hashSources(root) })}\n`);
}

/** End of a successful build: stamp dist/ when the sources are still the ones it started from. */
export function endBuild(root: string = ROOT): boolean {
  const started = readHash(root, PENDING_FILE);
  if (started === undefined || started !== hashSources(root)) {
    rmSync(join(root, PENDING_FILE), { force: true });
    return false;
  }
  renameSync(join(root, PENDING_FILE), join(root, STAMP_FILE));
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step === 'begin') {
    beginBuild();
  } else if (step === 'end') {
    if (!endBuild()) console.warn(`source-stamp: the sources changed during the build; ${STAMP_FILE} not written (tests will run the sources through tsx)`);
  } else {
    console.error('usage: source-stamp.ts begin|end');
    process.exitCode = 2;
  }
}
