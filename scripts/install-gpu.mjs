// `npm run install:gpu`: installs node-llama-cpp's Linux GPU builds (CUDA,
// Vulkan) from npm. By default package.json's overrides replace them with a
// build npm skips on x64 (README, "Install size"); this removes those
// overrides and their package-lock.json entries (npm keeps a locked entry
// even when its override is gone), then runs `npm install`.
// QUORUM_GPU_DRY_RUN=1 edits the two files and stops before installing.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const GPU_PACKAGES = ['@node-llama-cpp/linux-x64-cuda', '@node-llama-cpp/linux-x64-cuda-ext', '@node-llama-cpp/linux-x64-vulkan'];

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
for (const name of GPU_PACKAGES) {
  delete pkg.overrides?.[name];
  delete lock.packages?.[`node_modules/${name}`];
}
writeFileSync('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`quorum: removed the overrides of ${GPU_PACKAGES.join(', ')}; git checkout package.json package-lock.json && npm ci returns to the CPU-only install`);
if (process.env.QUORUM_GPU_DRY_RUN !== '1') {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  process.exitCode = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { stdio: 'inherit' }).status ?? 1;
}
