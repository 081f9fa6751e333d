import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

/**
 * The commit checked out in `root`, read from `.git` directly (HEAD, the
 * ref it names, or packed-refs) rather than by running git: a few small
 * file reads, no child process, and nothing when git is not installed.
 * Undefined when `root` is not a checkout (an installed package) or the
 * files cannot be read. Uncommitted edits are not detected.
 */
export function gitCommit(root: string): string | undefined {
  try {
    const gitDir = resolveGitDir(root);
    if (gitDir === undefined) return undefined;
    const head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head;
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    if (ref === undefined) return undefined;
    // a worktree keeps its HEAD but shares refs with the main repository
    for (const dir of [gitDir, commonDir(gitDir)]) {
      const loose = readOptional(join(dir, ref))?.trim();
      if (loose !== undefined && /^[0-9a-f]{40}$/.test(loose)) return loose;
      const packed = readOptional(join(dir, 'packed-refs'))
        ?.split('\n')
        .find((line) => line.endsWith(` ${ref}`));
      if (packed !== undefined) return packed.slice(0, 40);
    }
    return undefined;
  } catch {
    return undefined;
  }
}

function resolveGitDir(root: string): string | undefined {
  const dotGit = join(root, '.git');
  const stat = statSync(dotGit, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  if (stat.isDirectory()) return dotGit;
  const pointer = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
  if (pointer === undefined) return undefined;
  return isAbsolute(pointer) ? pointer : join(root, pointer);
}

function commonDir(gitDir: string): string {
  const common = readOptional(join(gitDir, 'commondir'))?.trim();
  if (common === undefined) return gitDir;
  return isAbsolute(common) ? common : join(gitDir, common);
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
