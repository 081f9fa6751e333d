// The file hashing that the code fingerprint (scripts/code-fingerprint.ts)
// and the build's source stamp (scripts/source-stamp.ts) share: one way to
// list the files under a set of paths and one way to hash them, so the two
// cannot drift apart in what "the same sources" means.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The files under `inputs` (paths relative to `root`, each a file or a
 * folder), as `/`-separated paths relative to `root`, sorted, each once;
 * `keep` picks which files count (default: all). An input that does not
 * exist contributes nothing.
 */
export function listFiles(root: string, inputs: readonly string[], keep: (path: string) => boolean = () => true): string[] {
  const walk = (path: string): string[] => {
    let stat;
    try {
      stat = statSync(join(root, path));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    if (!stat.isDirectory()) return keep(path) ? [path] : [];
    return readdirSync(join(root, path)).flatMap((name) => walk(`${path}/${name}`));
  };
  return [...new Set(inputs.flatMap(walk))].sort();
}

/**
 * SHA-256 over `files` in the order given: for each, its path, a NUL, its
 * bytes and a NUL. Paths are part of it, so a renamed, added or deleted file
 * changes it too.
 */
export function hashFiles(root: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}
