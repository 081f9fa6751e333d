import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pruneForeignBinaries } from '../../scripts/prune-foreign-binaries.mjs';
import { REPO_ROOT } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'quorum-install-'));
after(() => rmSync(dir, { recursive: true, force: true }));

interface PackageJson {
  version: string;
  scripts: Record<string, string>;
  overrides: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const readPackage = (path: string): PackageJson => JSON.parse(readFileSync(path, 'utf8')) as PackageJson;
const GPU_PACKAGES = ['@node-llama-cpp/linux-x64-cuda', '@node-llama-cpp/linux-x64-cuda-ext', '@node-llama-cpp/linux-x64-vulkan'];

describe('install size: what a CPU Linux machine does not install', () => {
  it('the postinstall prune keeps only this platform and arch of a multi-platform package', () => {
    const packageDir = join(dir, 'onnxruntime-node');
    const folders = ['darwin/arm64', 'darwin/x64', 'linux/arm64', 'linux/x64', 'win32/arm64', 'win32/x64'];
    for (const folder of folders) {
      mkdirSync(join(packageDir, 'bin/napi-v6', folder), { recursive: true });
      writeFileSync(join(packageDir, 'bin/napi-v6', folder, 'onnxruntime_binding.node'), 'binary');
    }
    const removed = pruneForeignBinaries(packageDir, 'linux', 'x64');
    assert.deepEqual(removed, folders.filter((folder) => folder !== 'linux/x64').map((folder) => `bin/napi-v6/${folder}`));
    assert.ok(existsSync(join(packageDir, 'bin/napi-v6/linux/x64/onnxruntime_binding.node')));
    assert.deepEqual(readdirSync(join(packageDir, 'bin/napi-v6/linux')), ['x64']);
    // a second run finds nothing more to remove
    assert.deepEqual(pruneForeignBinaries(packageDir, 'linux', 'x64'), []);
  });

  it('package.json aliases node-llama-cpp’s Linux GPU builds to a build npm skips on x64, and install:gpu undoes exactly that', () => {
    const pkg = readPackage(join(REPO_ROOT, 'package.json'));
    const llamaVersion = readPackage(join(REPO_ROOT, 'node_modules/node-llama-cpp/package.json')).version;
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { name?: string; cpu?: string[]; os?: string[]; optional?: boolean }> };
    for (const name of GPU_PACKAGES) {
      assert.equal(pkg.overrides[name], `npm:@node-llama-cpp/linux-riscv64@${llamaVersion}`, name);
      // what npm ci reads: an optional riscv64-only package, which npm does not install on x64 (or arm)
      const locked = lock.packages[`node_modules/${name}`];
      assert.deepEqual({ name: locked?.name, cpu: locked?.cpu, os: locked?.os, optional: locked?.optional }, { name: '@node-llama-cpp/linux-riscv64', cpu: ['riscv64'], os: ['linux'], optional: true });
    }
    assert.equal(pkg.scripts['install:gpu'], 'node scripts/install-gpu.mjs');
    const script = readFileSync(join(REPO_ROOT, 'scripts/install-gpu.mjs'), 'utf8');
    assert.deepEqual(JSON.parse(/const GPU_PACKAGES = (\[.*\]);/.exec(script)![1]!.replaceAll("'", '"')), GPU_PACKAGES);
    assert.equal(pkg.scripts['postinstall'], 'node scripts/prune-foreign-binaries.mjs');
  });

  it('the overridden names are the GPU packages node-llama-cpp actually asks for (an upgrade that renames them fails here)', () => {
    const llama = readPackage(join(REPO_ROOT, 'node_modules/node-llama-cpp/package.json'));
    for (const name of GPU_PACKAGES) assert.equal(llama.optionalDependencies?.[name], llama.version, name);
    // the CPU build stays a real dependency
    assert.equal(llama.optionalDependencies?.['@node-llama-cpp/linux-x64'], llama.version);
  });

  it('npx does not build the clone a second time; npm ci and npm install do build', () => {
    const exitCode = (command: string) => spawnSync(process.execPath, [join(REPO_ROOT, 'scripts/skip-build-under-npx.mjs')], { env: { ...process.env, npm_command: command } }).status;
    const built = existsSync(join(REPO_ROOT, 'dist/cli/main.js'));
    // exit 0 skips `npm run build` in "prepare"
    assert.equal(exitCode('exec'), built ? 0 : 1);
    assert.equal(exitCode('ci'), 1);
    assert.equal(exitCode('install'), 1);
    assert.equal(readPackage(join(REPO_ROOT, 'package.json')).scripts['prepare'], 'node scripts/skip-build-under-npx.mjs || npm run build');
  });
});
