// Runs after `npm install` / `npm ci` (the "postinstall" script).
//
// onnxruntime-node ships its native library for every platform inside one
// package (macOS, Windows and Linux, x64 and arm64: ~290 MB), so npm cannot
// leave the foreign ones out the way it does for per-platform packages. This
// removes the binaries that cannot load on this machine; the one for
// process.platform/process.arch stays. Set QUORUM_KEEP_ALL_BINARIES=1 to keep
// them all (e.g. a node_modules folder copied to another OS).
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Removes `bin/<napi>/<platform>/<arch>` folders of a package other than
 * the given platform and arch; returns the removed ones, relative to the package.
 */
export function pruneForeignBinaries(packageDir, platform, arch) {
  const removed = [];
  for (const napi of listDirs(join(packageDir, 'bin'))) {
    for (const platformDir of listDirs(join(packageDir, 'bin', napi))) {
      for (const archDir of listDirs(join(packageDir, 'bin', napi, platformDir))) {
        if (platformDir === platform && archDir === arch) continue;
        rmSync(join(packageDir, 'bin', napi, platformDir, archDir), { recursive: true, force: true });
        removed.push(`bin/${napi}/${platformDir}/${archDir}`);
      }
    }
  }
  return removed;
}

function listDirs(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

function main() {
  if (process.env.QUORUM_KEEP_ALL_BINARIES === '1') return;
  // Only in a clone of quorum: installed as a dependency, quorum leaves the
  // project's other packages alone (npm applies quorum's overrides only in a
  // clone too).
  if (!existsSync(new URL('../.git', import.meta.url))) return;
  let packageDir;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('onnxruntime-node/package.json'));
  } catch {
    return; // not installed (e.g. --omit=optional): nothing to prune
  }
  const removed = pruneForeignBinaries(packageDir, process.platform, process.arch);
  if (removed.length > 0) console.log(`quorum: removed onnxruntime-node binaries for other platforms (${removed.join(', ')}); QUORUM_KEEP_ALL_BINARIES=1 keeps them`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) main();
