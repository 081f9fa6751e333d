import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('package.json points node-llama-cpp’s Linux GPU builds at the empty stand-in, and install:gpu removes exactly those overrides', () => {
    const pkg = readPackage(join(REPO_ROOT, 'package.json'));
    for (const name of GPU_PACKAGES) assert.equal(pkg.overrides[name], 'file:./install/no-gpu-binaries', name);
    const stub = readPackage(join(REPO_ROOT, 'install/no-gpu-binaries/package.json'));
    assert.equal(stub.version, '0.0.0');
    assert.deepEqual(readdirSync(join(REPO_ROOT, 'install/no-gpu-binaries')), ['package.json']);
    const deleted = [...(pkg.scripts['install:gpu'] ?? '').matchAll(/overrides\.(\S+)/g)].map((match) => match[1]);
    assert.deepEqual(deleted, GPU_PACKAGES);
    assert.equal(pkg.scripts['postinstall'], 'node scripts/prune-foreign-binaries.mjs');
  });

  it('the overridden names are the GPU packages node-llama-cpp actually asks for (an upgrade that renames them fails here)', () => {
    const llama = readPackage(join(REPO_ROOT, 'node_modules/node-llama-cpp/package.json'));
    for (const name of GPU_PACKAGES) assert.equal(llama.optionalDependencies?.[name], llama.version, name);
    // the CPU build stays a real dependency
    assert.equal(llama.optionalDependencies?.['@node-llama-cpp/linux-x64'], llama.version);
  });
});
